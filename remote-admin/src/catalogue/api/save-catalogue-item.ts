import type { ApiBody, CatalogueKind, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueQueryKey } from './get-catalogue-items';

interface CatalogueBodies {
  contents: ApiBody<'/v1/contents/', 'post'>;
  videos: ApiBody<'/v1/videos/', 'post'>;
}
/** What the editor sends: the whole item, for a new one and for a change alike. */
export type CatalogueBody<K extends CatalogueKind> = CatalogueBodies[K];

/** `POST /v1/contents` (new) or `PATCH /v1/contents/{id}`, the same for videos. */
export function saveCatalogueItem<K extends CatalogueKind>(api: TypedApi, kind: K, id: string | undefined, body: CatalogueBody<K>) {
  // Each kind's body goes to its own paths; the compiler sees the union of the two.
  const videos = kind === 'videos';
  if (id) return api.patch(videos ? '/v1/videos/{id}' : '/v1/contents/{id}', { params: { path: { id } }, body: body as ApiBody<'/v1/videos/{id}' | '/v1/contents/{id}', 'patch'> });
  return api.post(videos ? '/v1/videos/' : '/v1/contents/', { body: body as CatalogueBodies[CatalogueKind] });
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
    mutationFn: (id: string) => api.delete(kind === 'videos' ? '/v1/videos/{id}' : '/v1/contents/{id}', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueQueryKey(kind) }),
  });
}
