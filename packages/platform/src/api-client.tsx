import axios, { AxiosError, type AxiosInstance } from 'axios';
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

function toApiError(error: unknown): ApiError {
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
    return new ApiError(0, 'NETWORK', 'Não foi possível falar com o servidor. Verifique sua conexão.');
  }
  return new ApiError(0, 'UNKNOWN', 'Algo deu errado. Tente novamente.');
}

/** One axios instance: base `{apiUrl}/v1`, 15 s timeout, bearer token, unwrapped bodies, ApiError. */
export function createApiClient({ apiUrl, getToken, onUnauthorized }: ApiClientOptions): AxiosInstance {
  const client = axios.create({ baseURL: `${apiUrl.replace(/\/$/, '')}/v1`, timeout: API_TIMEOUT_MS });
  client.interceptors.request.use(async (config) => {
    const token = getToken ? await getToken() : null;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(
    (response) => response.data,
    (error: unknown) => {
      const apiError = toApiError(error);
      if (apiError.statusCode === 401) onUnauthorized?.();
      return Promise.reject(apiError);
    },
  );
  return client;
}

const ApiClientContext = createContext<AxiosInstance | null>(null);

export function ApiClientProvider({ client, children }: { client: AxiosInstance; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The shell's API client. Responses are already unwrapped: `await api.get<T>(...)` gives `T`. */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient must be used inside <PlatformProvider>');
  return client as unknown as ApiClient;
}

/** axios with the response interceptor's unwrapping reflected in the types. */
export interface ApiClient {
  get<T>(url: string, config?: Parameters<AxiosInstance['get']>[1]): Promise<T>;
  delete<T>(url: string, config?: Parameters<AxiosInstance['delete']>[1]): Promise<T>;
  post<T>(url: string, body?: unknown, config?: Parameters<AxiosInstance['post']>[2]): Promise<T>;
  patch<T>(url: string, body?: unknown, config?: Parameters<AxiosInstance['patch']>[2]): Promise<T>;
  put<T>(url: string, body?: unknown, config?: Parameters<AxiosInstance['put']>[2]): Promise<T>;
}
