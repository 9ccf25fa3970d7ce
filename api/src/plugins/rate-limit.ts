import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../http/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where the counters of every rate limit (writes, expensive reads, progress reports) live. */
const REDIS_KEY_PREFIX = 'clube:rate-limit:';

/** `redis://user:secret@host:6379/0` → `host:6379`: what a log or an error may show of REDIS_URL. */
function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}

/**
 * With REDIS_URL, one ioredis connection that every limit of this process counts through (the
 * plugin's Redis store), so API processes behind one load balancer share their counters. Connected
 * before the app serves: a replica that cannot reach Redis does not start counting on its own.
 */
async function connectRedis(fastify: FastifyInstance, url: string): Promise<Redis> {
  const address = redisAddress(url);
  // No offline queue: while the connection is down a count fails at once (and the request passes,
  // `skipOnError`) instead of waiting for a reconnection. A short disconnect timeout: a socket the
  // server already closed would otherwise keep the process alive for ioredis' default 2 s.
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1, enableOfflineQueue: false, disconnectTimeout: 200 });
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
    fastify.log.warn({ err: error, redis: address }, 'rate limits: Redis unreachable; requests pass uncounted');
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Não foi possível conectar ao Redis dos limites de requisições (REDIS_URL, ${address}): ${(lastError ?? (error as Error)).message}`);
  }
  fastify.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/** Limits writes per client IP; reads are left alone (the shell refetches the profile often). */
export default fp(
  async function writeRateLimit(fastify: FastifyInstance) {
    const { max, timeWindowMs } = fastify.config.rateLimit;
    const { redisUrl } = fastify.config;
    const redis = redisUrl ? await connectRedis(fastify, redisUrl) : undefined;
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
      // Routes with their own limit get a child of this store (their counters under their route's key).
      ...(redis ? { redis, nameSpace: REDIS_KEY_PREFIX, skipOnError: true } : {}),
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
 * Route config for an expensive read (PIX QR code, payment-status polling, files rendered on
 * request, the data export; the search counts its scans with `perUserWorkLimit`): limited per member (per address before sign-in),
 * `config.expensiveReadLimit` a minute times `scale`, checked after the token.
 */
export function perUserReadLimit(fastify: FastifyInstance, scale = 1): RateLimitOptions {
  return {
    ...perUserCount(fastify, scale, ''),
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => tooManyReads(context.ttl),
  };
}

/** Who an expensive read is counted for (the member, else the address) and how many a minute: `perUserReadLimit`'s and `perUserWorkLimit`'s. */
function perUserCount(fastify: FastifyInstance, scale: number, prefix: string) {
  return {
    max: fastify.config.expensiveReadLimit * scale,
    timeWindow: 60_000,
    // Not the writes' rule (every GET passes): this count is for a read.
    allowList: () => false,
    keyGenerator: (request: FastifyRequest) => `${prefix}${request.user ? `user:${request.user._id.toHexString()}` : `ip:${request.ip}`}`,
  };
}

const tooManyReads = (ttlMs: number) =>
  new AppError(429, 'RATE_LIMITED', `Muitas consultas em pouco tempo. Tente novamente em ${Math.max(1, Math.ceil(ttlMs / 1000))} s.`);

/**
 * `perUserReadLimit` counted where the work is, not on every request: a route awaits the returned
 * check just before the expensive part (the search's scan), so an answer given again from the
 * response cache (the same query within its second, a shared variant) is neither counted nor slowed
 * (a route's limit costs every request its key, the plugin's hook and its promises: the search served
 * from the cache took 34 µs of CPU a request with it, 28 without, in one A/B run of `bench:api`). Over the limit the
 * check throws the 429 the route limit would (with Retry-After). With REDIS_URL its counters live
 * in the same Redis; `name` keeps them apart from other limits (the plugin names a limiter made
 * outside a route's options `undefinedundefined-`, whatever it counts).
 */
export function perUserWorkLimit(fastify: FastifyInstance, name: string, scale = 1): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const count = fastify.createRateLimit(perUserCount(fastify, scale, `${name}:`));
  return async (request, reply) => {
    const limit = await count(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', limit.ttlInSeconds);
    throw tooManyReads(limit.ttl);
  };
}
