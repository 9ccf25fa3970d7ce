import { queryOptions } from '@tanstack/react-query';
import type { ApiResponse, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';
import { CATALOGUE_FILTERS, catalogueQuery, type CatalogueFilter } from '../list-filters';

/** The catalogue's two kinds of item: the same list, editor frame and delete, each with its own fields. */
const LIST_PATHS = { contents: '/v1/contents/', videos: '/v1/videos/' } as const;
export type CatalogueKind = keyof typeof LIST_PATHS;
type ListPath = (typeof LIST_PATHS)[CatalogueKind];
/** Spelled out per kind (not `ApiResponse<(typeof LIST_PATHS)[K]>`): the compiler then knows both are pages. */
interface CatalogueLists {
  contents: ApiResponse<'/v1/contents/'>;
  videos: ApiResponse<'/v1/videos/'>;
}

/** `GET /v1/contents` or `GET /v1/videos`: as an admin, drafts and scheduled ones too, newest first. */
export function getCatalogueItems<K extends CatalogueKind>(api: TypedApi, kind: K, params: ListParams<CatalogueFilter>, signal?: AbortSignal) {
  const path: ListPath = LIST_PATHS[kind];
  // One call for both paths; the answer is the kind's own (the compiler sees the union of the two).
  return api.get(path, { params: { query: { page: params.page, limit: params.limit, ...catalogueQuery(params) } }, signal }) as Promise<CatalogueLists[K]>;
}

/** Every query of a kind starts with its name (`['contents', …]`): a save or delete invalidates them all. */
export const catalogueQueryKey = <K extends CatalogueKind>(kind: K) => [kind] as const;

export const catalogueItemsQueryOptions = <K extends CatalogueKind>(api: TypedApi, kind: K, params: ListParams<CatalogueFilter>) =>
  queryOptions({ queryKey: [...catalogueQueryKey(kind), 'admin-list', params], queryFn: ({ signal }) => getCatalogueItems(api, kind, params, signal) });

export function useCatalogueItems<K extends CatalogueKind>(kind: K) {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<CatalogueFilter>) => catalogueItemsQueryOptions(api, kind, params), filters: CATALOGUE_FILTERS });
}
