import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type * as Axios from 'axios';
import { createContext, useContext, type ReactNode } from 'react';

/** The API's timeout for every call. */
export const API_TIMEOUT_MS = 15000;

/** Error shape of every failed call, with a Portuguese message a page can show as is. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** The API's origin, e.g. http://localhost:3000; the client adds `/v1`. */
  apiUrl: string;
  /** A fresh bearer token, or null for an anonymous call. */
  getToken?: () => Promise<string | null>;
  /** Called once for a 401 from the API (the shell signs out). */
  onUnauthorized?: () => void;
  /**
   * Answers the shell's server embedded in the page (`window.__CLUBE__.data`), keyed as
   * `embeddedKey` does: each answers the first anonymous GET with that key, once, within
   * EMBEDDED_TTL_MS of start — without loading axios or waiting for the network.
   */
  embedded?: Record<string, unknown>;
}

/** How long answers embedded in the page stay usable: they are for its first render. */
export const EMBEDDED_TTL_MS = 30_000;

/**
 * The key of a GET for the answers embedded in the page: `/videos` + `{ sort: 'newest', limit: 4 }`
 * → `/v1/videos?limit=4&sort=newest` (path under /v1, query sorted, empty values left out as axios
 * does). Null when a parameter is not a plain value (never embedded).
 */
export function embeddedKey(url: string, params?: Record<string, unknown>): string | null {
  const parsed = new URL(`/v1${url.startsWith('/') ? url : `/${url}`}`, 'http://api');
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (!['string', 'number', 'boolean'].includes(typeof value)) return null;
    parsed.searchParams.append(name, String(value));
  }
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return `${parsed.pathname}${query ? `?${query}` : ''}`;
}

/** axios with the response interceptor's unwrapping reflected in the types. */
export interface ApiClient {
  request<T>(config: AxiosRequestConfig): Promise<T>;
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  delete<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  patch<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  /** Fetches axios ahead of the first call (the shell does it after first render); calls wait for it anyway. */
  preload(): Promise<void>;
}

type AxiosModule = typeof Axios;

const NETWORK_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua conexão.';

function toApiError(error: unknown, { AxiosError }: AxiosModule): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
      return new ApiError(0, 'TIMEOUT', 'O servidor demorou demais para responder. Tente novamente.');
    }
    const data = error.response?.data as { statusCode?: number; code?: string; message?: string } | undefined;
    if (error.response && data?.message) {
      return new ApiError(error.response.status, data.code ?? 'ERROR', data.message);
    }
    if (error.response) {
      return new ApiError(error.response.status, 'ERROR', 'Algo deu errado no servidor. Tente novamente.');
    }
    return new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  return new ApiError(0, 'UNKNOWN', 'Algo deu errado. Tente novamente.');
}

/** The axios module: its own chunk in the shell's build, fetched on the first call or by `preload()`. */
const loadAxios = (): Promise<AxiosModule> => import(/* webpackChunkName: "api-client" */ 'axios');

/**
 * The API client: base `{apiUrl}/v1`, 15 s timeout, bearer token, unwrapped bodies, ApiError.
 * axios (~20 kB gzip) is not part of the shell's first paint: it is loaded on the first call (or
 * by `preload()`), and a chunk that failed to load is fetched again by the next call.
 */
export function createApiClient({ apiUrl, getToken, onUnauthorized, embedded }: ApiClientOptions, load: () => Promise<AxiosModule> = loadAxios): ApiClient {
  let instance: Promise<AxiosInstance> | null = null;
  const answers = new Map(Object.entries(embedded ?? {}));
  const embeddedUntil = Date.now() + EMBEDDED_TTL_MS;
  const axiosInstance = (): Promise<AxiosInstance> => {
    instance ??= load().then(
      (module) => {
        const client = module.default.create({ baseURL: `${apiUrl.replace(/\/$/, '')}/v1`, timeout: API_TIMEOUT_MS });
        client.interceptors.request.use(async (config) => {
          const token = getToken ? await getToken() : null;
          if (token) config.headers.set('Authorization', `Bearer ${token}`);
          return config;
        });
        client.interceptors.response.use(
          (response) => response.data,
          (error: unknown) => {
            const apiError = toApiError(error, module);
            if (apiError.statusCode === 401) onUnauthorized?.();
            return Promise.reject(apiError);
          },
        );
        return client;
      },
      (error: unknown) => {
        instance = null; // the next call tries again (a chunk lost to a flaky network or a redeploy)
        console.error('[clube] could not load the API client', error);
        throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
      },
    );
    return instance;
  };
  /** The embedded answer to this call, taken once, if the caller is a guest (what the server read is a guest's view). */
  async function takeEmbedded(config: AxiosRequestConfig): Promise<{ body: unknown } | null> {
    if (answers.size === 0 || (config.method ?? 'get').toLowerCase() !== 'get' || !config.url) return null;
    if (Date.now() > embeddedUntil) {
      answers.clear();
      return null;
    }
    const key = embeddedKey(config.url, config.params as Record<string, unknown> | undefined);
    if (!key || !answers.has(key)) return null;
    const body = answers.get(key);
    answers.delete(key);
    const token = getToken ? await getToken().catch(() => null) : null;
    return token ? null : { body };
  }

  async function request<T>(config: AxiosRequestConfig): Promise<T> {
    const answer = await takeEmbedded(config);
    if (answer) return answer.body as T;
    const client = await axiosInstance();
    // The response interceptor has already unwrapped the body.
    return (await client.request(config)) as unknown as T;
  }
  return {
    request,
    get: <T,>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'get', url }),
    delete: <T,>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'delete', url }),
    post: <T,>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'post', url, data }),
    patch: <T,>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'patch', url, data }),
    put: <T,>(url: string, data?: unknown, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'put', url, data }),
    preload: async () => {
      await axiosInstance().catch(() => undefined);
    },
  };
}

const ApiClientContext = createContext<ApiClient | null>(null);

export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The shell's API client. Responses are already unwrapped: `await api.get<T>(...)` gives `T`. */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient must be used inside <PlatformProvider>');
  return client;
}
