import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiResponse, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { catalogueQueryKey, type CatalogueKind } from './get-catalogue-items';

const ITEM_PATHS = { contents: '/v1/contents/{idOrSlug}', videos: '/v1/videos/{idOrSlug}' } as const satisfies Record<CatalogueKind, string>;
type ItemPath = (typeof ITEM_PATHS)[CatalogueKind];
interface CatalogueItems {
  contents: ApiResponse<'/v1/contents/{idOrSlug}'>;
  videos: ApiResponse<'/v1/videos/{idOrSlug}'>;
}
export type CatalogueItem<K extends CatalogueKind> = CatalogueItems[K];

/**
 * `GET /v1/contents/{id}` or `GET /v1/videos/{id}`: an admin gets everything of any item — a
 * content's body and attachments (signed links), a video's source (the file's key, or the link).
 */
export function getCatalogueItem<K extends CatalogueKind>(api: TypedApi, kind: K, id: string, signal?: AbortSignal) {
  const path: ItemPath = ITEM_PATHS[kind];
  return api.get(path, { params: { path: { idOrSlug: id } }, signal }) as Promise<CatalogueItem<K>>;
}

export const catalogueItemQueryOptions = <K extends CatalogueKind>(api: TypedApi, kind: K, id: string) =>
  queryOptions({ queryKey: [...catalogueQueryKey(kind), 'one', id], queryFn: ({ signal }) => getCatalogueItem(api, kind, id, signal) });

export function useCatalogueItem<K extends CatalogueKind>(kind: K, id: string) {
  return useQuery(catalogueItemQueryOptions(useApi(), kind, id));
}
