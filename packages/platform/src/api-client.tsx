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
export function createApiClient({ apiUrl, getToken, onUnauthorized }: ApiClientOptions, load: () => Promise<AxiosModule> = loadAxios): ApiClient {
  let instance: Promise<AxiosInstance> | null = null;
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
  async function request<T>(config: AxiosRequestConfig): Promise<T> {
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
