import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Images the API serves (PIX QR codes, uploads) are shown by pages on other origins. */
export const HELMET_OPTIONS: HelmetOptions = { crossOriginResourcePolicy: { policy: 'cross-origin' } };

/**
 * The headers helmet sets with these options. They do not depend on the request (no CSP
 * nonces), so helmet runs once at start against a recording response and every answer gets
 * the recorded list: the same headers @fastify/helmet would set, without building them again
 * on each request.
 */
export function staticSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

export default fp(
  async function securityHeaders(fastify: FastifyInstance) {
    // One object, lower-case names (what reply.header stores): Fastify hands it to writeHead
    // with its own headers, so each is checked once, when the answer leaves (raw.setHeader
    // checked and stored each of them on every request, and writeHead then merged them again).
    // Error answers and 404s keep them too: Fastify only drops content-type/length on errors.
    const headers = Object.fromEntries(staticSecurityHeaders().map(([name, value]) => [name.toLowerCase(), value]));
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet' },
);
