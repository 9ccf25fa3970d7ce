import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/** Page and page size every list starts from. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;

/** List responses of the API. */
export interface Paginated<T> {
  data: T[];
  meta: { page: number; limit: number; total: number; totalPages: number };
}

/** No retries, no refetch on window focus, refetch on mount. */
export const queryDefaults: DefaultOptions = {
  queries: { retry: false, refetchOnWindowFocus: false, refetchOnMount: true },
  mutations: { retry: false },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
