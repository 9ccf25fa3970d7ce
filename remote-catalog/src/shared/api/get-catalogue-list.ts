import { queryOptions } from '@tanstack/react-query';
import type { ApiQuery, ApiResponse, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

/** The two catalogue lists: the same query, the same page shape, each with its own card. */
const LIST_PATHS = { contents: '/v1/contents/', videos: '/v1/videos/' } as const;
export type CatalogueKind = keyof typeof LIST_PATHS;
type ListPath = (typeof LIST_PATHS)[CatalogueKind];
/** Spelled out per kind (not `ApiResponse<(typeof LIST_PATHS)[K]>`): the compiler then knows both are pages. */
interface CatalogueLists {
  contents: ApiResponse<'/v1/contents/'>;
  videos: ApiResponse<'/v1/videos/'>;
}
export type CatalogueList<K extends CatalogueKind> = CatalogueLists[K];

type Filter = 'categoryId';

/** `GET /v1/contents` or `GET /v1/videos` with any of their (shared) query parameters. */
export function getCatalogue<K extends CatalogueKind>(api: TypedApi, kind: K, query: ApiQuery<ListPath>, signal?: AbortSignal) {
  const path: ListPath = LIST_PATHS[kind];
  // One call for both paths; the answer is the kind's own (the compiler sees the union of the two).
  return api.get(path, { params: { query }, signal }) as Promise<CatalogueList<K>>;
}

/** A page of published cards, newest first (videos with the caller's progress). */
export function getCatalogueList<K extends CatalogueKind>(api: TypedApi, kind: K, { page, limit, search, filters }: ListParams<Filter>, signal?: AbortSignal) {
  return getCatalogue(api, kind, { page, limit, search: search || undefined, categoryId: filters.categoryId }, signal);
}

export const catalogueListQueryOptions = <K extends CatalogueKind>(api: TypedApi, kind: K, params: ListParams<Filter>) =>
  queryOptions({ queryKey: [kind, params], queryFn: ({ signal }) => getCatalogueList(api, kind, params, signal) });

/** `/conteudos` and `/videos`: page, search and category in the URL. */
export function useCatalogueList<K extends CatalogueKind>(kind: K) {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<Filter>) => catalogueListQueryOptions(api, kind, params), filters: ['categoryId'], limit: 12 });
}
