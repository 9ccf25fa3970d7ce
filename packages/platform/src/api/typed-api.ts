// Typed calls over the platform's axios instance, checked against the types generated from the
// API's OpenAPI document (schema.d.ts, `npm run api:types`): the path must be one the API
// declares for that method, and its path/query parameters, body and response come from there.
//   const user = await api.get('/v1/users/{id}', { params: { path: { id } } });
import type { AxiosProgressEvent } from 'axios';
import type { ApiClient } from '../api-client';
import type { HttpMethod, IsOperationRequestBodyOptional, OperationRequestBodyContent, PathsWithMethod, RequiredKeysOf, SuccessResponseJSON } from 'openapi-typescript-helpers';
import type { paths } from './schema';

export type { paths as ApiPaths } from './schema';

type Method = Extract<HttpMethod, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

/** Every path the API declares for `M`, e.g. `ApiPath<'get'>` includes `'/v1/users/{id}'`. */
export type ApiPath<M extends Method> = PathsWithMethod<paths, M>;

/** The operation object of `M` on `P`. */
export type ApiOperation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body the API answers with on success (2xx). */
export type ApiResponse<P extends keyof paths, M extends Method = 'get'> = SuccessResponseJSON<ApiOperation<P, M>>;

/** The JSON body the API accepts. */
export type ApiBody<P extends keyof paths, M extends Method> = OperationRequestBodyContent<ApiOperation<P, M>>;

type Parameters<O> = O extends { parameters: infer T } ? T : never;
/** Path and query parameters (headers and cookies are the client's business), without the `never` ones. */
type Params<O> = {
  [K in keyof Parameters<O> as K extends 'path' | 'query' ? ([NonNullable<Parameters<O>[K]>] extends [never] ? never : K) : never]: Parameters<O>[K];
};

/** Query parameters of a GET, e.g. for a list's filters. */
export type ApiQuery<P extends keyof paths, M extends Method = 'get'> = NonNullable<Params<ApiOperation<P, M>> extends { query?: infer Q } ? Q : never>;

type ParamsOption<O> = [keyof Params<O>] extends [never] ? { params?: never } : RequiredKeysOf<Params<O>> extends never ? { params?: Params<O> } : { params: Params<O> };
type BodyOption<O> = [OperationRequestBodyContent<O>] extends [never]
  ? { body?: never }
  : IsOperationRequestBodyOptional<O> extends true
    ? { body?: OperationRequestBodyContent<O> }
    : { body: OperationRequestBodyContent<O> };

export type ApiRequestInit<O> = ParamsOption<O> &
  BodyOption<O> & {
    signal?: AbortSignal;
    /** Upload progress (multipart bodies). */
    onUploadProgress?: (event: AxiosProgressEvent) => void;
    /** Sent with `fetch(…, { keepalive: true })`, so it still arrives when the page is being closed. */
    keepalive?: boolean;
  };

type InitArgs<O> = RequiredKeysOf<ParamsOption<O> & BodyOption<O>> extends never ? [init?: ApiRequestInit<O>] : [init: ApiRequestInit<O>];

type Call<M extends Method> = <P extends ApiPath<M>>(path: P, ...init: InitArgs<ApiOperation<P, M>>) => Promise<ApiResponse<P, M>>;

export interface TypedApi {
  get: Call<'get'>;
  post: Call<'post'>;
  put: Call<'put'>;
  patch: Call<'patch'>;
  delete: Call<'delete'>;
}

interface LooseInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  signal?: AbortSignal;
  onUploadProgress?: (event: AxiosProgressEvent) => void;
  keepalive?: boolean;
}

/**
 * `/v1/users/{id}` + `{ id: 'a b' }` → `/users/a%20b` (the axios instance's base URL ends in /v1).
 * A prefix's root route (`/v1/users/` in the document) is called without its trailing slash.
 */
export function buildApiUrl(path: string, pathParams: Record<string, unknown> = {}): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = pathParams[name];
    if (value === undefined || value === null || value === '') throw new Error(`Parâmetro de caminho ausente: ${name}`);
    return encodeURIComponent(String(value));
  });
  return filled.replace(/^\/v1(?=\/)/, '').replace(/(.)\/$/, '$1');
}

/** The typed helpers over the client made by `createApiClient` (bodies already unwrapped). */
export function createTypedApi(client: ApiClient): TypedApi {
  const call =
    (method: Method) =>
    (path: string, init: LooseInit = {}): Promise<unknown> =>
      client.request<unknown>({
        method,
        url: buildApiUrl(path, init.params?.path),
        params: init.params?.query,
        data: init.body,
        signal: init.signal,
        onUploadProgress: init.onUploadProgress,
        ...(init.keepalive ? { adapter: 'fetch' as const, fetchOptions: { keepalive: true } } : {}),
      });
  return { get: call('get'), post: call('post'), put: call('put'), patch: call('patch'), delete: call('delete') } as unknown as TypedApi;
}
