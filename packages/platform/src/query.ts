import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/** Page and page size every list starts from. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;

/** List responses of the API. */
export interface Paginated<T> {
  data: T[];
  meta: { page: number; limit: number; total: number; totalPages: number };
}

/**
 * The signed-in member's profile (`GET /v1/users/provider/{providerId}`): the shell keeps it in this
 * query and refetches it every 15 min; a mutation that changes the profile invalidates it.
 */
export const ME_QUERY_KEY = ['me'] as const;

/** No retries, no refetch on window focus, refetch on mount. */
export const queryDefaults: DefaultOptions = {
  queries: { retry: false, refetchOnWindowFocus: false, refetchOnMount: true },
  mutations: { retry: false },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
