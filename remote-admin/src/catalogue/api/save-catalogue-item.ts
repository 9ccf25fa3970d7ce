import type { ApiBody, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueQueryKey, type CatalogueKind } from './get-catalogue-items';

const PATHS = {
  contents: { create: '/v1/contents/', one: '/v1/contents/{id}' },
  videos: { create: '/v1/videos/', one: '/v1/videos/{id}' },
} as const satisfies Record<CatalogueKind, { create: string; one: string }>;
type CreatePath = (typeof PATHS)[CatalogueKind]['create'];
type OnePath = (typeof PATHS)[CatalogueKind]['one'];

interface CatalogueBodies {
  contents: ApiBody<'/v1/contents/', 'post'>;
  videos: ApiBody<'/v1/videos/', 'post'>;
}
/** What the editor sends: the whole item, for a new one and for a change alike. */
export type CatalogueBody<K extends CatalogueKind> = CatalogueBodies[K];

/** `POST /v1/contents` (new) or `PATCH /v1/contents/{id}`, the same for videos. */
export function saveCatalogueItem<K extends CatalogueKind>(api: TypedApi, kind: K, id: string | undefined, body: CatalogueBody<K>) {
  const paths = PATHS[kind];
  // Both kinds' bodies go to their own paths; the compiler sees the union of the two.
  const sent = body as CatalogueBodies[CatalogueKind];
  if (id) return api.patch(paths.one as OnePath, { params: { path: { id } }, body: sent as ApiBody<OnePath, 'patch'> });
  return api.post(paths.create as CreatePath, { body: sent as ApiBody<CreatePath, 'post'> });
}

/** Saves an item; every list and the item itself are refetched. */
export function useSaveCatalogueItem<K extends CatalogueKind>(kind: K) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CatalogueBody<K> }) => saveCatalogueItem(api, kind, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueQueryKey(kind) }),
  });
}

/** `DELETE /v1/contents/{id}` (the members' unlocks stay in their history) or `DELETE /v1/videos/{id}` (its transcript goes with it). */
export function useDeleteCatalogueItem<K extends CatalogueKind>(kind: K) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(PATHS[kind].one as OnePath, { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueQueryKey(kind) }),
  });
}
