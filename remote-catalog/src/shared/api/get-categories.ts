import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/categories`: every category, in the admins' order (at most 100). */
export const getCategories = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/categories/', { params: { query: { limit: 100 } }, signal });

export const categoriesQueryOptions = (api: TypedApi) => queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => getCategories(api, signal), staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions(useApi()));
}
