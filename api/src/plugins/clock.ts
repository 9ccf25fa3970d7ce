import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Clock {
  now(): Date;
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
    fastify.decorate('clock', { now: () => new Date(now().getTime()) });
  },
  { name: 'clock' },
);
