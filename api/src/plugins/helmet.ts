import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type onRequestHookHandler, type RouteOptions } from 'fastify';
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
 * What a JSON answer carries: the headers that still protect a response no browser renders as a
 * page (OWASP REST Security Cheat Sheet, "Security Headers"): it may not be framed, sniffed into
 * HTML, loaded as a document's subresource or reached without HTTPS. The rest of helmet's set
 * (the document CSP's directives, COOP, CORP, Origin-Agent-Cluster, Referrer-Policy and the
 * legacy X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies and
 * X-XSS-Protection) only acts on a page, a file opened in the browser or an image another page
 * shows: those answers get all of helmet's headers, with helmet's values.
 */
export function apiHeaders(helmet: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': helmet['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/**
 * Whether a route answers JSON only: every success it declares is an object, an array or null
 * (or a union of them). Files, PDFs, CSVs, WebVTT, images, the documentation page and a route
 * that declares no success are documents.
 */
export function answersJsonOnly(schema: { response?: unknown } | undefined): boolean {
  const response = schema?.response as Record<string, unknown> | undefined;
  if (response === undefined) return false;
  const successes = Object.entries(response).filter(([status]) => /^2(\d\d|xx)$/i.test(status));
  return successes.length > 0 && successes.every(([, body]) => isJsonValue(body));
}

function isJsonValue(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { type, anyOf, oneOf } = schema as { type?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
  if (type === 'object' || type === 'array' || type === 'null') return true;
  const union = anyOf ?? oneOf;
  return Array.isArray(union) && union.length > 0 && union.every(isJsonValue);
}

/**
 * Security headers on every answer (errors and 404s keep them: Fastify only drops content-type
 * and length on errors), set as one object per request instead of registering @fastify/helmet
 * itself, which runs helmet's middleware (two hooks, the middleware rebuilt, a raw.setHeader per
 * header) on every request. Measured on this machine, 25 Nov 2026, a hello-world with the headers,
 * alternating 5-s autocannon rounds (50 connections, same load): this object 34.1–42.1 µs of
 * server CPU per request and 20.6–27.5k req/s; @fastify/helmet registered 58.0–75.1 µs and
 * 7.2–16.7k req/s.
 *
 * Every request gets the JSON answer's set (apiHeaders); a route that answers documents
 * (answersJsonOnly false) also gets the rest of helmet's, in a hook of its own. Each header costs
 * Node a name and a value check and a line in the head: a bare Fastify hello-world, 27 Nov 2026,
 * 7 alternating 3-s rounds each, median server CPU per request: no headers 56.0 µs, the JSON set
 * 59.0 µs, helmet's whole set 68.8 µs. The whole set on every JSON answer was about a sixth of a
 * member's read.
 *
 * The same hook writes the CORS headers of every request that is not a preflight first (as
 * @fastify/cors did in its own hook before this one: cors.ts), so a request pays for one hook,
 * not two. Preflights (OPTIONS) get neither here: @fastify/cors answers them in its hook and, as
 * before, without the security headers.
 */
export default fp(
  async function securityHeaders(fastify: FastifyInstance) {
    const helmet = await helmetHeaders();
    const forJson = apiHeaders(helmet);
    // What helmet sets that the JSON set does not already carry with the same value.
    const forDocuments = Object.fromEntries(Object.entries(helmet).filter(([name, value]) => forJson[name] !== value));
    const corsHeaders = simpleRequestCors(fastify.config.corsOrigins);
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.raw.method !== 'OPTIONS') {
        corsHeaders(request.headers.origin, reply);
        reply.headers(forJson);
      }
      done();
    });
    const documentHeaders: onRequestHookHandler = (request, reply, done) => {
      if (request.raw.method !== 'OPTIONS') reply.headers(forDocuments);
      done();
    };
    fastify.addHook('onRoute', (route) => {
      if (answersJsonOnly(route.schema)) return;
      const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [documentHeaders, ...own] as RouteOptions['onRequest'];
    });
  },
  { name: 'helmet', dependencies: ['cors'] },
);
