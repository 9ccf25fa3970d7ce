/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../api-client';
import { buildApiUrl, createTypedApi, type ApiResponse } from '../data';

let server: http.Server;
let apiUrl: string;
const seen: Array<{ method?: string; url?: string; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body });
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ _id: 'u1', name: 'Ana' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('typed API helpers', () => {
  it('When a path has parameters, then they are filled in and encoded, and the /v1 prefix is the base URL\'s', () => {
    expect(buildApiUrl('/v1/users/{id}', { id: 'a b/c' })).toBe('/users/a%20b%2Fc');
    expect(buildApiUrl('/v1/files/{folder}/{name}', { folder: 'x', name: 'y.png' })).toBe('/files/x/y.png');
    expect(buildApiUrl('/v1/users/')).toBe('/users');
    expect(() => buildApiUrl('/v1/users/{id}', {})).toThrow('Parâmetro de caminho ausente: id');
  });

  it('When a GET is typed, then path and query parameters reach the API and the body comes back unwrapped', async () => {
    const api = createTypedApi(createApiClient({ apiUrl }));
    const user: ApiResponse<'/v1/users/{id}'> = await api.get('/v1/users/{id}', { params: { path: { id: 'u1' } } });
    expect(user).toEqual({ _id: 'u1', name: 'Ana' });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/v1/users/u1' });
    await api.get('/v1/users/', { params: { query: { page: 2, limit: 5, searchTerm: 'ana souza' } } });
    expect(seen.at(-1)?.url).toBe('/v1/users?page=2&limit=5&searchTerm=ana+souza');
  });

  it('When a PATCH is typed, then its JSON body is sent', async () => {
    const api = createTypedApi(createApiClient({ apiUrl }));
    await api.patch('/v1/users/{id}', { params: { path: { id: 'u1' } }, body: { name: 'Ana Souza' } });
    expect(seen.at(-1)).toEqual({ method: 'PATCH', url: '/v1/users/u1', body: JSON.stringify({ name: 'Ana Souza' }) });
  });

  it('When a call asks for keepalive, then it goes out through fetch with keepalive, with its body and token', async () => {
    const realFetch = globalThis.fetch;
    const inits: RequestInit[] = [];
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init ?? (input instanceof Request ? { keepalive: input.keepalive } : {}));
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      const api = createTypedApi(createApiClient({ apiUrl, getToken: async () => 'token-1' }));
      await api.put('/v1/me/progress/videos/{id}', { params: { path: { id: 'v1' } }, body: { positionSeconds: 12, durationSeconds: 60 }, keepalive: true });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(inits.some((init) => init.keepalive === true)).toBe(true);
    expect(seen.at(-1)).toEqual({ method: 'PUT', url: '/v1/me/progress/videos/v1', body: JSON.stringify({ positionSeconds: 12, durationSeconds: 60 }) });
  });

  it('When a call does not match the API\'s document, then it does not compile', () => {
    const api = createTypedApi(createApiClient({ apiUrl }));
    const neverCalled = () => {
      // @ts-expect-error a path the API does not declare
      void api.get('/v1/nothing-here');
      // @ts-expect-error a path parameter is required
      void api.get('/v1/users/{id}');
      // @ts-expect-error the wrong parameter name
      void api.get('/v1/users/{id}', { params: { path: { userId: 'u1' } } });
      // @ts-expect-error GET has no body on this path
      void api.post('/v1/users/{id}', { params: { path: { id: 'u1' } } });
      // @ts-expect-error the body's fields have types
      void api.patch('/v1/users/{id}', { params: { path: { id: 'u1' } }, body: { onboardingCompleted: 'sim' } });
    };
    expect(typeof neverCalled).toBe('function');
  });
});
