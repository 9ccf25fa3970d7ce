/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as Axios from 'axios';
import { API_TIMEOUT_MS, ApiError, createApiClient, EMBEDDED_TTL_MS, embeddedKey } from '../api-client';

let server: http.Server;
let apiUrl: string;
const seen: Array<{ url?: string; authorization?: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url, authorization: req.headers.authorization });
    res.setHeader('Content-Type', 'application/json');
    if (req.url?.split('?')[0] === '/v1/users/me') return res.end(JSON.stringify({ name: 'Ana' }));
    if (req.url === '/v1/forbidden') {
      res.statusCode = 403;
      return res.end(JSON.stringify({ statusCode: 403, code: 'FORBIDDEN', message: 'Você não tem permissão.' }));
    }
    if (req.url === '/v1/expired') {
      res.statusCode = 401;
      return res.end(JSON.stringify({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Sessão expirada.' }));
    }
    if (req.url === '/v1/crash') {
      res.statusCode = 500;
      return res.end('<html>stack trace</html>');
    }
    if (req.url === '/v1/slow') return undefined; // never answers
    res.statusCode = 404;
    return res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('API client', () => {
  it('When a call succeeds, then it goes to {API}/v1 with the bearer token and returns the body itself', async () => {
    const api = createApiClient({ apiUrl, getToken: async () => 'token-123' });
    await expect(api.get('/users/me')).resolves.toEqual({ name: 'Ana' });
    expect(seen.at(-1)).toEqual({ url: '/v1/users/me', authorization: 'Bearer token-123' });
  });

  it('When there is no token, then no Authorization header is sent', async () => {
    const api = createApiClient({ apiUrl, getToken: async () => null });
    await api.get('/users/me');
    expect(seen.at(-1)?.authorization).toBeUndefined();
  });

  it('When the API answers with its error shape, then the Portuguese message reaches the page', async () => {
    const api = createApiClient({ apiUrl });
    await expect(api.get('/forbidden')).rejects.toEqual(new ApiError(403, 'FORBIDDEN', 'Você não tem permissão.'));
  });

  it('When the API answers 401, then onUnauthorized is called', async () => {
    const onUnauthorized = jest.fn();
    const api = createApiClient({ apiUrl, onUnauthorized });
    await expect(api.get('/expired')).rejects.toMatchObject({ statusCode: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('When the server fails without the error shape, then a generic Portuguese message is given', async () => {
    const api = createApiClient({ apiUrl });
    await expect(api.get('/crash')).rejects.toMatchObject({ statusCode: 500, message: 'Algo deu errado no servidor. Tente novamente.' });
  });

  it('When the server does not answer in time, then the call fails with a timeout message', async () => {
    const api = createApiClient({ apiUrl });
    expect(API_TIMEOUT_MS).toBe(15000);
    await expect(api.get('/slow', { timeout: 200 })).rejects.toMatchObject({ code: 'TIMEOUT', message: 'O servidor demorou demais para responder. Tente novamente.' });
  });

  it('When the server cannot be reached, then the message says so', async () => {
    const api = createApiClient({ apiUrl: 'http://127.0.0.1:9' });
    await expect(api.get('/users/me')).rejects.toMatchObject({ code: 'NETWORK', message: 'Não foi possível falar com o servidor. Verifique sua conexão.' });
  });

  it('When the client is created, then axios is not loaded yet; the first call loads it once for every call', async () => {
    const load = jest.fn(() => import('axios'));
    const api = createApiClient({ apiUrl }, load);
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.all([api.get('/users/me'), api.get('/users/me')])).resolves.toEqual([{ name: 'Ana' }, { name: 'Ana' }]);
    await api.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('When axios fails to load, then the call fails with the connection message and the next call loads it again', async () => {
    const load = jest.fn<Promise<typeof Axios>, []>().mockRejectedValueOnce(new Error('Loading chunk api-client failed')).mockImplementation(() => import('axios'));
    const api = createApiClient({ apiUrl }, load);
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(api.get('/users/me')).rejects.toEqual(new ApiError(0, 'NETWORK', 'Não foi possível falar com o servidor. Verifique sua conexão.'));
    } finally {
      consoleError.mockRestore();
    }
    await expect(api.get('/users/me')).resolves.toEqual({ name: 'Ana' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('answers embedded in the page by the server', () => {
  const embedded = () => ({ '/v1/users/me?limit=4&sort=newest': { name: 'Da página' } });
  const notLoaded = () => Promise.reject(new Error('axios não deveria carregar'));

  it('When a guest makes the embedded GET, then it gets the embedded answer without loading axios or calling the API', async () => {
    const before = seen.length;
    const api = createApiClient({ apiUrl, getToken: async () => null, embedded: embedded() }, notLoaded);
    await expect(api.get('/users/me', { params: { sort: 'newest', limit: 4, search: undefined } })).resolves.toEqual({ name: 'Da página' });
    expect(seen.length).toBe(before);
  });

  it('When the same GET is made again, then it goes to the API (an embedded answer is used once)', async () => {
    const api = createApiClient({ apiUrl, getToken: async () => null, embedded: embedded() });
    await api.get('/users/me', { params: { limit: 4, sort: 'newest' } });
    await expect(api.get('/users/me', { params: { limit: 4, sort: 'newest' } })).resolves.toEqual({ name: 'Ana' });
  });

  it('When a signed-in member makes it, then it goes to the API with the token (the embedded answer is what a guest sees)', async () => {
    const api = createApiClient({ apiUrl, getToken: async () => 'token-9', embedded: embedded() });
    await expect(api.get('/users/me', { params: { limit: 4, sort: 'newest' } })).resolves.toEqual({ name: 'Ana' });
    expect(seen.at(-1)).toEqual({ url: '/v1/users/me?limit=4&sort=newest', authorization: 'Bearer token-9' });
  });

  it('When other parameters or another method are used, then the API answers', async () => {
    const api = createApiClient({ apiUrl, getToken: async () => null, embedded: embedded() });
    await expect(api.get('/users/me', { params: { limit: 5, sort: 'newest' } })).resolves.toEqual({ name: 'Ana' });
    await expect(api.post('/users/me', undefined, { params: { limit: 4, sort: 'newest' } })).resolves.toEqual({ name: 'Ana' });
    expect(seen.at(-1)?.url).toBe('/v1/users/me?limit=4&sort=newest');
  });

  it('When the page has been open longer than the embedded answers live, then the API answers', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const api = createApiClient({ apiUrl, getToken: async () => null, embedded: embedded() });
      jest.setSystemTime(Date.now() + EMBEDDED_TTL_MS + 1);
      await expect(api.get('/users/me', { params: { limit: 4, sort: 'newest' } })).resolves.toEqual({ name: 'Ana' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('Keys are the path under /v1 with the query sorted and empty values left out; structured values have none', () => {
    expect(embeddedKey('/videos', { sort: 'newest', limit: 4, categoryId: undefined, q: null })).toBe('/v1/videos?limit=4&sort=newest');
    expect(embeddedKey('/plans')).toBe('/v1/plans');
    expect(embeddedKey('/videos?page=1', { limit: 12 })).toBe('/v1/videos?limit=12&page=1');
    expect(embeddedKey('/videos', { ids: ['a', 'b'] })).toBeNull();
  });
});

