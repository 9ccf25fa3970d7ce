// The test kit's fake back end: msw (Mock Service Worker) handlers typed by the API's generated
// OpenAPI types, so a fake answer cannot drift from what the API really sends. Node only (Jest).
//   const api = startMockApi(
//     mockApi('patch', '/v1/users/{id}', ({ body }) => ({ ...personaProfile('membro')!, ...body })),
//     mockBrasilApi('get', '/cep/v2/:cep', ({ params }) => reply(404, { message: 'CEP não encontrado' })),
//   );
//   renderRoute(<Routes />, '/onboarding', { persona: 'novo' });   // the client talks to MOCK_API_URL
//   expect(api.requests).toEqual([...]);
import type { ApiBody, ApiPath, ApiResponse, UserProfile } from '@clube/platform';
import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { MOCK_API_URL, MOCK_BRASIL_API_URL } from './mock-urls';
import { personaProfile, type Persona } from './personas';

export { MOCK_API_URL, MOCK_BRASIL_API_URL } from './mock-urls';
export { delay } from 'msw';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A non-default answer: another status (an API error, 201, 204…) or a body outside the types. */
export class MockReply {
  constructor(
    readonly status: number,
    readonly body?: JsonBodyType,
  ) {}
}

export const reply = (status: number, body?: JsonBodyType) => new MockReply(status, body);

/** The API's error shape (`{ statusCode, code, message }`), with the Portuguese message a page shows. */
export const apiError = (status: number, message: string, code = 'ERROR') => reply(status, { statusCode: status, code, message });

/** An answer that never comes (loading states, timeouts). */
export const HANG = Symbol('never answers');

export interface MockRequestInfo<Body> {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Body;
  request: Request;
}

type Answer<T> = T | MockReply | typeof HANG;

/** `/v1/users/{id}` → `/v1/users/:id`, the root route without its trailing slash (as the client calls it). */
function toMswPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1').replace(/(.)\/$/, '$1');
}

function handler<Body>(method: Method, url: string, resolve: (info: MockRequestInfo<Body>) => Answer<unknown> | Promise<Answer<unknown>>, successStatus: number): HttpHandler {
  return http[method](url, async ({ request, params }) => {
    const text = await request.clone().text();
    const answer = await resolve({
      params: params as Record<string, string>,
      query: new URL(request.url).searchParams,
      body: (text ? JSON.parse(text) : undefined) as Body,
      request,
    });
    if (answer === HANG) {
      await delay('infinite');
      return undefined;
    }
    if (answer instanceof MockReply) return answer.status === 204 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(answer.body ?? {}, { status: answer.status });
    return HttpResponse.json(answer as JsonBodyType, { status: successStatus });
  });
}

/**
 * A Clube API route: the path, the request body and the success body are the generated types'
 * (`ApiPath`, `ApiBody`, `ApiResponse`). Answer with the body, `apiError(…)`, `reply(…)` or `HANG`.
 */
export function mockApi<M extends Method, P extends ApiPath<M>>(
  method: M,
  path: P,
  resolve: (info: MockRequestInfo<M extends 'get' | 'delete' ? undefined : ApiBody<P, M>>) => Answer<ApiResponse<P, M>> | Promise<Answer<ApiResponse<P, M>>>,
  { status = 200, apiUrl = MOCK_API_URL }: { status?: number; apiUrl?: string } = {},
): HttpHandler {
  return handler(method, `${apiUrl.replace(/\/$/, '')}${toMswPath(path)}`, resolve, status);
}

/** A BrasilAPI route (outside the Clube API's document), e.g. `mockBrasilApi('get', '/cep/v2/:cep', …)`. */
export function mockBrasilApi(method: Method, path: string, resolve: (info: MockRequestInfo<unknown>) => Answer<JsonBodyType> | Promise<Answer<JsonBodyType>>, { brasilApiUrl = MOCK_BRASIL_API_URL } = {}): HttpHandler {
  return handler(method, `${brasilApiUrl.replace(/\/$/, '')}${path}`, resolve, 200);
}

/** What a persona's signed-in profile calls answer (`GET /v1/users/provider/{providerId}` and `/v1/users/{id}`). */
export function personaHandlers(persona: Persona, profile: UserProfile | null = personaProfile(persona)): HttpHandler[] {
  if (!profile) return [];
  return [
    mockApi('get', '/v1/users/provider/{providerId}', ({ params }) => (params.providerId === profile.providerId ? profile : apiError(404, 'Usuário não encontrado.', 'NOT_FOUND'))),
    mockApi('get', '/v1/users/{id}', ({ params }) => (params.id === profile._id ? profile : apiError(404, 'Usuário não encontrado.', 'NOT_FOUND'))),
  ];
}

export interface RecordedRequest {
  method: string;
  /** Path and query string, e.g. `/v1/users/123` or `/cep/v2/01310100`. */
  url: string;
  body: unknown;
}

/**
 * Starts msw with `handlers` (call it in beforeAll; `close()` in afterAll). Every request is
 * recorded in `requests`; any other call to the fake API gets the API's 404, a call to loopback
 * goes through (real local services) and a call to any other host fails the test.
 */
export function startMockApi(...handlers: HttpHandler[]) {
  const requests: RecordedRequest[] = [];
  const server = setupServer(
    ...handlers,
    http.all(`${MOCK_API_URL}/*`, () => HttpResponse.json({ statusCode: 404, code: 'NOT_FOUND', message: 'Rota não encontrada.' }, { status: 404 })),
  );
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const recorded: RecordedRequest = { method: request.method, url: `${url.pathname}${url.search}`, body: undefined };
    requests.push(recorded);
    void request
      .clone()
      .text()
      .then((text) => (recorded.body = text ? JSON.parse(text) : undefined));
  });
  server.listen({
    // Loopback calls reach real local services (the Auth emulator, an API under test); any other is a mistake.
    onUnhandledRequest: (request, print) => {
      if (!['127.0.0.1', 'localhost'].includes(new URL(request.url).hostname)) print.error();
    },
  });
  return {
    requests,
    /** Handlers for one test (`resetHandlers()` drops them). */
    use: (...more: HttpHandler[]) => server.use(...more),
    reset: () => {
      requests.length = 0;
      server.resetHandlers();
    },
    close: () => server.close(),
  };
}

export type MockApi = ReturnType<typeof startMockApi>;
