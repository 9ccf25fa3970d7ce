import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Clock {
  now(): Date;
  /** `now()` in ms since 1970, without the Date objects: for checks on every request (the response cache's freshness). */
  nowMs(): number;
  /**
   * Moves the clock `ms` ahead of its time source (0 puts it back). Only the development clock
   * route (`DELETE /v1/dev/clock`, billing/dev-clock-routes.ts) calls it, to put the real time back.
   */
  setOffset(ms: number): void;
  offsetMs(): number;
  /**
   * Development and tests only (absent in production): moves the club's clock forward by `ms`
   * (`POST /v1/dev/clock`), so a renewal can be charged or go overdue without waiting. Answers the new now.
   */
  advance?(ms: number): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The time source for every timestamp the API writes; tests inject a fixed one. */
    clock: Clock;
  }
}

export interface ClockPluginOptions {
  now?: () => Date;
  /** Adds `advance` (never in production). */
  adjustable?: boolean;
}

export default fp(
  async function clock(fastify: FastifyInstance, options: ClockPluginOptions) {
    const source = options.now;
    let offsetMs = 0;
    const nowMs = source ? () => source().getTime() + offsetMs : () => Date.now() + offsetMs;
    const read = () => new Date(nowMs());
    const base: Clock = {
      now: read,
      nowMs,
      setOffset: (ms: number) => {
        offsetMs = ms;
      },
      offsetMs: () => offsetMs,
    };
    const advance = (ms: number) => {
      offsetMs += ms;
      return read();
    };
    fastify.decorate('clock', options.adjustable ? { ...base, advance } : base);
  },
  { name: 'clock' },
);
