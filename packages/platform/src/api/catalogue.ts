// The catalogue's two kinds of item answer the same endpoints under /v1/contents and /v1/videos
// (list, one by id or slug), each with its own fields: one typed call for both, used by the
// catalog remote (the member's grids and pages) and the admin (the editor's list and item).
import type { ApiQuery, ApiResponse, TypedApi } from './typed-api';

export type CatalogueKind = 'contents' | 'videos';

// Spelled out per kind (not `ApiResponse<…[K]>`, which the compiler cannot see through): it then
// knows both lists are pages and what each item holds.
interface CatalogueLists {
  contents: ApiResponse<'/v1/contents/'>;
  videos: ApiResponse<'/v1/videos/'>;
}
interface CatalogueItems {
  contents: ApiResponse<'/v1/contents/{idOrSlug}'>;
  videos: ApiResponse<'/v1/videos/{idOrSlug}'>;
}
export type CatalogueList<K extends CatalogueKind> = CatalogueLists[K];
export type CatalogueItem<K extends CatalogueKind> = CatalogueItems[K];

/** The query both lists take (page, search, category, the admin's status and access…). */
export type CatalogueQuery = ApiQuery<'/v1/contents/'> & ApiQuery<'/v1/videos/'>;

/** `GET /v1/contents` or `GET /v1/videos`: a page of the kind's cards. */
export function getCatalogueItems<K extends CatalogueKind>(api: TypedApi, kind: K, query: CatalogueQuery, signal?: AbortSignal) {
  // One call for both paths; the compiler sees the union of the two answers, the kind says which.
  return api.get(kind === 'videos' ? '/v1/videos/' : '/v1/contents/', { params: { query }, signal }) as Promise<CatalogueList<K>>;
}

/** `GET /v1/contents/{idOrSlug}` or `GET /v1/videos/{idOrSlug}`: one item, with what the caller may see of it. */
export function getCatalogueItem<K extends CatalogueKind>(api: TypedApi, kind: K, idOrSlug: string, signal?: AbortSignal) {
  const path = kind === 'videos' ? '/v1/videos/{idOrSlug}' : '/v1/contents/{idOrSlug}';
  return api.get(path, { params: { path: { idOrSlug } }, signal }) as Promise<CatalogueItem<K>>;
}
