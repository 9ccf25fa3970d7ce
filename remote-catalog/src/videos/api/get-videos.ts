import type { ApiQuery, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

type Filter = 'categoryId';

/** `GET /v1/videos`: published video cards, newest first, with the caller's progress. */
export function getVideos(api: TypedApi, { page, limit, search, filters }: ListParams<Filter>, signal?: AbortSignal) {
  const query: ApiQuery<'/v1/videos/'> = { page, limit, search: search || undefined, categoryId: filters.categoryId };
  return api.get('/v1/videos/', { params: { query }, signal });
}

export const videosQueryKey = ['videos'] as const;

/** The `/videos` grid: page, search and category in the URL. */
export function useVideos() {
  const api = useApi();
  return usePaginatedQuery({ queryKey: videosQueryKey, queryFn: (params, signal) => getVideos(api, params, signal), filters: ['categoryId'], limit: 12 });
}
