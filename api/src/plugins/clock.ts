import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Clock {
  now(): Date;
  /**
   * Moves the clock `ms` ahead of its time source (0 puts it back). Only the development route
   * of DEV_CLOCK=1 (http/dev-clock-routes.ts) calls it: browser tests of expiry move a running API.
   */
  setOffset(ms: number): void;
  offsetMs(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The time source for every timestamp the API writes; tests inject a fixed one. */
    clock: Clock;
  }
}

export interface ClockPluginOptions {
  now?: () => Date;
}

export default fp(
  async function clock(fastify: FastifyInstance, options: ClockPluginOptions) {
    const now = options.now ?? (() => new Date());
    let offset = 0;
    fastify.decorate('clock', {
      now: () => new Date(now().getTime() + offset),
      setOffset: (ms: number) => {
        offset = ms;
      },
      offsetMs: () => offset,
    });
  },
  { name: 'clock' },
);
