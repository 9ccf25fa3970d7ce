import SwaggerParser from '@apidevtools/swagger-parser';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { corsOptions } from '../src/plugins/cors';
import { HELMET_OPTIONS, answersJsonOnly, apiHeaders } from '../src/plugins/helmet';
import { startTestApp, type TestApp } from './helpers/app';
import { expectErrorShape } from './helpers/http';
import { createAccount } from './helpers/identity';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    beforeListen: (app) => {
      // A route that fails the way a broken dependency would, to see what leaks.
      app.get('/v1/test-only/boom', { config: { auth: 'public' } }, async () => {
        throw new Error('connection string mongodb://admin:segredo@db.interno failed');
      });
    },
  });
});

afterAll(async () => {
  await t.close();
});

describe('Errors', () => {
  test('When a handler fails unexpectedly, then 500 with a generic Portuguese message and no internals', async () => {
    const result = await t.call('GET', '/v1/test-only/boom');
    expectErrorShape(result, 500);
    expect(result.body).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Erro interno. Tente novamente em instantes.' });
    expect(JSON.stringify(result.body)).not.toContain('segredo');
  });

  test('When the route does not exist, then 404 with the error shape', async () => {
    const result = await t.call('GET', '/v1/nao-existe');
    expectErrorShape(result, 404);
    expect(result.body.code).toBe('ROUTE_NOT_FOUND');
  });

  test('When the body is larger than the limit, then 413 before any work', async () => {
    const account = await createAccount();
    const result = await t.call('POST', '/v1/users', { token: account.idToken, body: { name: 'x'.repeat(200_000) } });
    expectErrorShape(result, 413);
    expect(result.body.message).toBe('O corpo da requisição é grande demais.');
  });

  test('When the body is not JSON, then 415 in Portuguese', async () => {
    const account = await createAccount();
    const result = await t.call('POST', '/v1/users', { token: account.idToken, rawBody: '<name>x</name>', headers: { 'content-type': 'application/xml' } });
    expectErrorShape(result, 415);
  });
});

describe('Rate limit on writes', () => {
  test('When a client writes more than the limit in the window, then 429; reads stay allowed', async () => {
    const limited = await startTestApp({ config: { rateLimit: { max: 3, timeWindowMs: 60_000 } } });
    try {
      const account = await createAccount();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await limited.call('POST', '/v1/users', { token: account.idToken, body: {} })).status);
      }
      expect(statuses).toEqual([201, 200, 200, 429, 429]);
      const blocked = await limited.call('POST', '/v1/users', { token: account.idToken, body: {} });
      expectErrorShape(blocked, 429);
      expect(blocked.body.code).toBe('RATE_LIMITED');
      for (let i = 0; i < 6; i += 1) expect((await limited.call('GET', '/v1/health')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('CORS and security headers', () => {
  test('When the shell origin preflights a PATCH, then it is allowed with the Authorization header', async () => {
    const response = await fetch(`${t.url}/v1/users/${'a'.repeat(24)}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  test('When a remote origin calls, then it is allowed; an unknown origin gets no CORS header', async () => {
    const remote = await fetch(`${t.url}/v1/health`, { headers: { origin: 'http://127.0.0.1:8083' } });
    expect(remote.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8083');
    const stranger = await fetch(`${t.url}/v1/health`, { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('When a browser calls or preflights from a listed, an unknown or no origin, then the CORS headers are exactly those @fastify/cors gives, in its order', async () => {
    // What @fastify/cors answers with the API's options, on a bare Fastify app with the same routes.
    const reference = Fastify();
    await reference.register(fastifyCors, corsOptions(t.app.config.corsOrigins));
    reference.get('/v1/health', async () => 'ok');
    reference.get('/v1/users', async (_request, reply) => reply.code(401).send('no'));
    const corsOf = (headers: Record<string, unknown>) =>
      Object.entries(headers).filter(([name]) => name === 'vary' || name.startsWith('access-control-'));
    const withoutConnection = (headers: Record<string, unknown>) =>
      Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
    try {
      for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8083', 'https://evil.example', undefined]) {
        for (const url of ['/v1/health', '/v1/users', '/v1/nada-aqui']) {
          const headers = origin ? { origin } : {};
          const [api, bare] = await Promise.all([t.app.inject({ method: 'GET', url, headers }), reference.inject({ method: 'GET', url, headers })]);
          expect([origin, url, corsOf(api.headers)]).toEqual([origin, url, corsOf(bare.headers)]);
          expect(corsOf(api.headers)[0]).toEqual(['vary', 'Origin']);
          const preflight = { ...headers, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization' };
          const [apiPreflight, barePreflight] = await Promise.all([
            t.app.inject({ method: 'OPTIONS', url, headers: preflight }),
            reference.inject({ method: 'OPTIONS', url, headers: preflight }),
          ]);
          // Status, every header and the body of the preflight's answer (400 without an Origin).
          expect([origin, url, apiPreflight.statusCode, withoutConnection(apiPreflight.headers), apiPreflight.body]).toEqual([
            origin,
            url,
            barePreflight.statusCode,
            withoutConnection(barePreflight.headers),
            barePreflight.body,
          ]);
        }
      }
    } finally {
      await reference.close();
    }
  });

  test('When a JSON answer leaves, then it carries the API set: no framing, no sniffing, no subresource use, HTTPS only', async () => {
    const response = await fetch(`${t.url}/v1/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  test('When a request succeeds, is refused or hits no route, then a JSON answer has exactly the API set and a document every header helmet sets, with helmet’s value', async () => {
    // What @fastify/helmet sets with the API's options, on a bare Fastify app.
    const reference = Fastify();
    await reference.register(fastifyHelmet, HELMET_OPTIONS);
    reference.get('/', async () => 'ok');
    const bare = await reference.inject({ method: 'GET', url: '/' });
    await reference.close();
    const helmet = Object.fromEntries(
      Object.entries(bare.headers)
        .filter(([name]) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name))
        .map(([name, value]) => [name.toLowerCase(), String(value)] as const),
    );
    expect(Object.keys(helmet)).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'cross-origin-resource-policy', 'referrer-policy']),
    );
    expect(helmet['cross-origin-resource-policy']).toBe('cross-origin');
    const api = apiHeaders(helmet);
    const headersOf = (response: Response, names: string[]) => Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
    const noneOf = Object.fromEntries(Object.keys(helmet).filter((name) => !(name in api)).map((name) => [name, null]));
    // A document route that refuses the caller before its handler (a CSV export without a token)
    // answers JSON too.
    for (const [path, status] of [['/v1/health', 200], ['/v1/users', 401], ['/v1/nada-aqui', 404], ['/v1/plans', 200], ['/v1/admin/exports/users', 401]] as const) {
      const response = await fetch(`${t.url}${path}`);
      expect([path, response.status]).toEqual([path, status]);
      expect([path, headersOf(response, Object.keys(helmet))]).toEqual([path, { ...noneOf, ...api }]);
    }
    // A certificate's PDF and QR code, here their 404: documents. (The documentation's routes are
    // documents too, with swagger-ui's own CSP.)
    for (const [path, status] of [['/v1/certificates/CLB-0000-0000/qr.png', 404], ['/v1/certificates/CLB-0000-0000/pdf', 404]] as const) {
      const response = await fetch(`${t.url}${path}`);
      expect([path, response.status]).toEqual([path, status]);
      expect([path, headersOf(response, Object.keys(helmet))]).toEqual([path, helmet]);
    }
  });

  test('When routes are sorted into JSON answers and documents, then only routes whose every success is an object, array or null are JSON', () => {
    const object = { type: 'object' };
    expect(answersJsonOnly({ response: { 200: object, 404: object } })).toBe(true);
    expect(answersJsonOnly({ response: { 201: { type: 'array' }, 204: { type: 'null' } } })).toBe(true);
    expect(answersJsonOnly({ response: { 200: { anyOf: [object, { type: 'null' }] } } })).toBe(true);
    expect(answersJsonOnly({ response: { 200: { type: 'string', format: 'binary' }, 404: object } })).toBe(false);
    expect(answersJsonOnly({ response: { 200: object, 206: { type: 'string' } } })).toBe(false);
    expect(answersJsonOnly({ response: { 404: object } })).toBe(false);
    expect(answersJsonOnly({})).toBe(false);
    expect(answersJsonOnly(undefined)).toBe(false);
  });
});

describe('OpenAPI', () => {
  test('When /v1/docs/json is fetched, then it is a valid OpenAPI document with every route', async () => {
    const result = await t.call('GET', '/v1/docs/json');
    expect(result.status).toBe(200);
    const document = result.body;
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
    expect(document.openapi).toBe('3.1.0');
    const paths = Object.keys(document.paths);
    for (const path of ['/v1/health', '/v1/users/', '/v1/users/provider/{providerId}', '/v1/users/{id}', '/v1/users/{id}/exists']) {
      expect(paths.map((p: string) => p.replace(/\/$/, ''))).toContain(path.replace(/\/$/, ''));
    }
    expect(document.paths['/v1/users/{id}'].patch.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/v1/users/{id}'].patch.responses['403']).toBeDefined();
  });

  test('When /v1/docs is opened, then the documentation page is served', async () => {
    const response = await fetch(`${t.url}/v1/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});
