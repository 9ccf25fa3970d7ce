import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** What @fastify/cors is given: only the shell and the remotes (CORS_ORIGINS) may call the API from a browser. */
export function corsOptions(origins: string[]): FastifyCorsOptions {
  return {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  };
}

/**
 * The CORS headers @fastify/cors puts on a request that is not a preflight, for these options:
 * `Vary: Origin` (the answer depends on it), then `Access-Control-Allow-Origin` echoing the
 * request's Origin when it is on the list (`*` on the list: `*` for everyone, and no Vary).
 * No credentials and no exposed headers are configured, so there is nothing else.
 * The security-headers hook (helmet.ts) writes these on every request but preflights.
 */
export function simpleRequestCors(origins: string[]): (origin: string | undefined, reply: FastifyReply) => void {
  if (origins.includes('*')) return (_origin, reply) => void reply.header('access-control-allow-origin', '*');
  const allowed = new Set(origins);
  return (origin, reply) => {
    reply.header('vary', 'Origin');
    if (origin !== undefined && allowed.has(origin)) reply.header('access-control-allow-origin', origin);
  };
}

/**
 * Preflights (every OPTIONS request) are answered by @fastify/cors itself, registered in a scope
 * of its own: that scope holds nothing but the plugin's `OPTIONS *` route, so the plugin's hook
 * runs for preflights only. Registered at the root, its hook ran on every request and cost
 * more than the headers it wrote (a copy of its options, Fastify's `routeOptions` object built
 * twice, a closure, the Vary parser): every other request gets the same headers from
 * `simpleRequestCors`, in the one onRequest hook that also writes the security headers.
 */
export default fp(
  async function corsAllowList(fastify: FastifyInstance) {
    const options = corsOptions(fastify.config.corsOrigins);
    await fastify.register(async function preflights(scope) {
      await scope.register(cors, options);
    });
  },
  { name: 'cors' },
);
