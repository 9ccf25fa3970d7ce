import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueKind, TypedApi } from '@clube/platform';
import { getCatalogueItem, useApi } from '@clube/platform/data';

/**
 * `GET /v1/contents/{slug}` or `GET /v1/videos/{slug}`: the card plus, when the gate is open, the
 * content's body and signed attachment links, or the video's signed source and captions link.
 */
export const catalogueItemQueryOptions = <K extends CatalogueKind>(api: TypedApi, kind: K, slug: string) =>
  queryOptions({ queryKey: [kind, 'detail', slug], queryFn: ({ signal }) => getCatalogueItem(api, kind, slug, signal) });

export function useCatalogueItem<K extends CatalogueKind>(kind: K, slug: string) {
  return useQuery(catalogueItemQueryOptions(useApi(), kind, slug));
}
