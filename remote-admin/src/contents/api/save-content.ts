import type { ApiBody } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentsQueryKey } from './get-contents';

export type ContentBody = ApiBody<'/v1/contents/', 'post'>;
export type ContentChanges = ApiBody<'/v1/contents/{id}', 'patch'>;

/** `POST /v1/contents` (new) or `PATCH /v1/contents/{id}`; every contents list and the item are refetched. */
export function useSaveContent() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ContentBody }) =>
      id ? api.patch('/v1/contents/{id}', { params: { path: { id } }, body: body as ContentChanges }) : api.post('/v1/contents/', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentsQueryKey }),
  });
}

/** `DELETE /v1/contents/{id}` (the members' unlocks stay in their history). */
export function useDeleteContent() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/v1/contents/{id}', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentsQueryKey }),
  });
}
