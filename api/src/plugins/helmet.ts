import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { simpleRequestCors } from './cors';

/** Images the API serves (PIX QR codes, uploads) are shown by pages on other origins. */
export const HELMET_OPTIONS = { crossOriginResourcePolicy: { policy: 'cross-origin' } } satisfies FastifyHelmetOptions;

let probed: Promise<Record<string, string>> | undefined;

/**
 * The headers @fastify/helmet sets with HELMET_OPTIONS, read once per process from a throwaway
 * app (the values do not depend on the request: no CSP nonces). Lower-case names, as
 * `reply.headers` stores them.
 */
export function helmetHeaders(): Promise<Record<string, string>> {
  probed ??= (async () => {
    const probe = Fastify({ logger: false });
    await probe.register(fastifyHelmet, HELMET_OPTIONS);
    // helmet writes on the raw response before Fastify adds its own headers: exactly helmet's.
    probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
    const answer = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    const headers = answer.json<Record<string, string | number | string[]>>();
    return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]));
  })();
  return probed;
}

/**
 * Security headers on every answer (errors and 404s keep them: Fastify only drops content-type
 * and length on errors), with @fastify/helmet's values set as one object per request instead of
 * registering @fastify/helmet itself, which runs helmet's middleware (two hooks, the middleware
 * rebuilt, a raw.setHeader per header) on every request. Measured on this machine, 25 Nov 2026,
 * a hello-world with the headers, alternating 5-s autocannon rounds (50 connections, same load):
 * this object 34.1–42.1 µs of server CPU per request and 20.6–27.5k req/s; @fastify/helmet
 * registered 58.0–75.1 µs and 7.2–16.7k req/s — about 24 µs more per request, most of the
 * authenticated profile read's whole budget (~32 µs on the quiet machine). `npm run bench:api`
 * the same evening (load 7–10): profile read 84 µs/request with this object, 106 µs with
 * @fastify/helmet registered (hello-world 35 and 43 µs: the machine was slower too).
 *
 * The same hook writes the CORS headers of every request that is not a preflight first (as
 * @fastify/cors did in its own hook before this one: cors.ts), so a request pays for one hook,
 * not two. Preflights (OPTIONS) get neither here: @fastify/cors answers them in its hook and, as
 * before, without the security headers.
 */
export default fp(
  async function securityHeaders(fastify: FastifyInstance) {
    const headers = await helmetHeaders();
    const corsHeaders = simpleRequestCors(fastify.config.corsOrigins);
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.raw.method !== 'OPTIONS') {
        corsHeaders(request.headers.origin, reply);
        reply.headers(headers);
      }
      done();
    });
  },
  { name: 'helmet', dependencies: ['cors'] },
);
