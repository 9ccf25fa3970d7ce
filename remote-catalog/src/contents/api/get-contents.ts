import type { ApiQuery, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

type Filter = 'categoryId';

/** `GET /v1/contents`: published content cards, newest first. */
export function getContents(api: TypedApi, { page, limit, search, filters }: ListParams<Filter>, signal?: AbortSignal) {
  const query: ApiQuery<'/v1/contents/'> = { page, limit, search: search || undefined, categoryId: filters.categoryId };
  return api.get('/v1/contents/', { params: { query }, signal });
}

export const contentsQueryKey = ['contents'] as const;

/** The `/conteudos` library: page, search and category in the URL. */
export function useContents() {
  const api = useApi();
  return usePaginatedQuery({ queryKey: contentsQueryKey, queryFn: (params, signal) => getContents(api, params, signal), filters: ['categoryId'], limit: 12 });
}
