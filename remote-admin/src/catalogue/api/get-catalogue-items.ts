import { queryOptions } from '@tanstack/react-query';
import type { CatalogueKind, ListParams, TypedApi } from '@clube/platform';
import { getCatalogueItems, useApi, usePaginatedQuery } from '@clube/platform/data';
import { CATALOGUE_FILTERS, catalogueQuery, type CatalogueFilter } from '../list-filters';

/** Every query of a kind starts with its name (`['contents', …]`): a save or delete invalidates them all. */
export const catalogueQueryKey = <K extends CatalogueKind>(kind: K) => [kind] as const;

/** `GET /v1/contents` or `GET /v1/videos`: as an admin, drafts and scheduled ones too, newest first. */
export const catalogueItemsQueryOptions = <K extends CatalogueKind>(api: TypedApi, kind: K, params: ListParams<CatalogueFilter>) =>
  queryOptions({
    queryKey: [...catalogueQueryKey(kind), 'admin-list', params],
    queryFn: ({ signal }) => getCatalogueItems(api, kind, { page: params.page, limit: params.limit, ...catalogueQuery(params) }, signal),
  });

export function useCatalogueItems<K extends CatalogueKind>(kind: K) {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<CatalogueFilter>) => catalogueItemsQueryOptions(api, kind, params), filters: CATALOGUE_FILTERS });
}
