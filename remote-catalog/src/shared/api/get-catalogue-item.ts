import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiResponse, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import type { CatalogueKind } from './get-catalogue-list';

const ITEM_PATHS = { contents: '/v1/contents/{idOrSlug}', videos: '/v1/videos/{idOrSlug}' } as const satisfies Record<CatalogueKind, string>;
type ItemPath = (typeof ITEM_PATHS)[CatalogueKind];
interface CatalogueItems {
  contents: ApiResponse<'/v1/contents/{idOrSlug}'>;
  videos: ApiResponse<'/v1/videos/{idOrSlug}'>;
}
export type CatalogueItem<K extends CatalogueKind> = CatalogueItems[K];

/**
 * `GET /v1/contents/{slug}` or `GET /v1/videos/{slug}`: the card plus, when the gate is open, the
 * content's body and signed attachment links, or the video's signed source and captions link.
 */
export function getCatalogueItem<K extends CatalogueKind>(api: TypedApi, kind: K, slug: string, signal?: AbortSignal) {
  const path: ItemPath = ITEM_PATHS[kind];
  return api.get(path, { params: { path: { idOrSlug: slug } }, signal }) as Promise<CatalogueItem<K>>;
}

export const catalogueItemQueryOptions = <K extends CatalogueKind>(api: TypedApi, kind: K, slug: string) =>
  queryOptions({ queryKey: [kind, 'detail', slug], queryFn: ({ signal }) => getCatalogueItem(api, kind, slug, signal) });

export function useCatalogueItem<K extends CatalogueKind>(kind: K, slug: string) {
  return useQuery(catalogueItemQueryOptions(useApi(), kind, slug));
}
