import type { ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';
import { CATALOGUE_FILTERS, catalogueQuery, type CatalogueFilter } from '../../catalogue/list-filters';

export const videosQueryKey = ['videos'] as const;

/** `GET /v1/videos`: as an admin, drafts and scheduled ones too, newest first. */
export function getVideos(api: TypedApi, params: ListParams<CatalogueFilter>, signal?: AbortSignal) {
  return api.get('/v1/videos/', { params: { query: { page: params.page, limit: params.limit, ...catalogueQuery(params) } }, signal });
}

export function useVideos() {
  const api = useApi();
  return usePaginatedQuery({
    queryKey: [...videosQueryKey, 'admin-list'],
    queryFn: (params, signal) => getVideos(api, params, signal),
    filters: CATALOGUE_FILTERS,
  });
}
