import type { ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';
import { CATALOGUE_FILTERS, catalogueQuery, type CatalogueFilter } from '../../catalogue/list-filters';

export const contentsQueryKey = ['contents'] as const;

/** `GET /v1/contents`: as an admin, drafts and scheduled ones too, newest first. */
export function getContents(api: TypedApi, params: ListParams<CatalogueFilter>, signal?: AbortSignal) {
  return api.get('/v1/contents/', { params: { query: { page: params.page, limit: params.limit, ...catalogueQuery(params) } }, signal });
}

export function useContents() {
  const api = useApi();
  return usePaginatedQuery({
    queryKey: [...contentsQueryKey, 'admin-list'],
    queryFn: (params, signal) => getContents(api, params, signal),
    filters: CATALOGUE_FILTERS,
  });
}
