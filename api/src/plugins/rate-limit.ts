import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Limits writes per client IP; reads are left alone (the shell refetches the profile often). */
export default fp(
  async function writeRateLimit(fastify: FastifyInstance) {
    const { max, timeWindowMs } = fastify.config.rateLimit;
    // Read-only routes get no rate-limit hook at all (before: a hook that computed the client
    // key and then let the request through); this onRoute runs before the plugin's own. A read
    // that declares its own limit (perUserReadLimit: PIX QR code, payment status) keeps it.
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const ownLimit = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== undefined;
      if (!ownLimit && methods.every((method) => SAFE_METHODS.has(method))) route.config = { ...route.config, rateLimit: false };
    });
    await fastify.register(rateLimit, {
      global: true,
      max,
      timeWindow: timeWindowMs,
      allowList: (request) => SAFE_METHODS.has(request.method),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          'RATE_LIMITED',
          `Muitas alterações em pouco tempo. Tente novamente em ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`,
        ),
    });
  },
  { name: 'rate-limit' },
);

/**
 * Route config for an expensive read (PIX QR code, payment-status polling): limited per member
 * (per address before sign-in), `config.expensiveReadLimit` a minute, checked after the token.
 */
export function perUserReadLimit(fastify: FastifyInstance): RateLimitOptions {
  return {
    max: fastify.config.expensiveReadLimit,
    timeWindow: 60_000,
    hook: 'preHandler',
    allowList: () => false,
    keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user._id.toHexString()}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', `Muitas consultas em pouco tempo. Tente novamente em ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`),
  };
}
