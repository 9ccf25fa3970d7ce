import type { ApiBody } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videosQueryKey } from './get-videos';

export type VideoBody = ApiBody<'/v1/videos/', 'post'>;
export type VideoChanges = ApiBody<'/v1/videos/{id}', 'patch'>;

/** `POST /v1/videos` (new) or `PATCH /v1/videos/{id}`; every videos list and the item are refetched. */
export function useSaveVideo() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: VideoBody }) =>
      id ? api.patch('/v1/videos/{id}', { params: { path: { id } }, body: body as VideoChanges }) : api.post('/v1/videos/', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videosQueryKey }),
  });
}

/** `DELETE /v1/videos/{id}` (its transcript goes with it). */
export function useDeleteVideo() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/v1/videos/{id}', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videosQueryKey }),
  });
}
