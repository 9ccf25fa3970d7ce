import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueKind, TypedApi } from '@clube/platform';
import { getCatalogueItem, useApi } from '@clube/platform/data';
import { catalogueQueryKey } from './get-catalogue-items';

/**
 * `GET /v1/contents/{id}` or `GET /v1/videos/{id}`: an admin gets everything of any item — a
 * content's body and attachments (signed links), a video's source (the file's key, or the link).
 */
export const catalogueItemQueryOptions = <K extends CatalogueKind>(api: TypedApi, kind: K, id: string) =>
  queryOptions({ queryKey: [...catalogueQueryKey(kind), 'one', id], queryFn: ({ signal }) => getCatalogueItem(api, kind, id, signal) });

export function useCatalogueItem<K extends CatalogueKind>(kind: K, id: string) {
  return useQuery(catalogueItemQueryOptions(useApi(), kind, id));
}
