import { queryOptions } from '@tanstack/react-query';
import type { CatalogueKind, ListParams, TypedApi } from '@clube/platform';
import { getCatalogueItems, useApi, usePaginatedQuery } from '@clube/platform/data';

type Filter = 'categoryId';

/** `GET /v1/contents` or `GET /v1/videos`: a page of published cards, newest first (videos with the caller's progress). */
export function getCatalogueList<K extends CatalogueKind>(api: TypedApi, kind: K, { page, limit, search, filters }: ListParams<Filter>, signal?: AbortSignal) {
  return getCatalogueItems(api, kind, { page, limit, search: search || undefined, categoryId: filters.categoryId }, signal);
}

export const catalogueListQueryOptions = <K extends CatalogueKind>(api: TypedApi, kind: K, params: ListParams<Filter>) =>
  queryOptions({ queryKey: [kind, params], queryFn: ({ signal }) => getCatalogueList(api, kind, params, signal) });

/** `/conteudos` and `/videos`: page, search and category in the URL. */
export function useCatalogueList<K extends CatalogueKind>(kind: K) {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<Filter>) => catalogueListQueryOptions(api, kind, params), filters: ['categoryId'], limit: 12 });
}
