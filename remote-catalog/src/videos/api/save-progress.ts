import type { ApiBody, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export type ProgressBody = ApiBody<'/v1/me/progress/videos/{id}', 'put'>;

/**
 * `PUT /v1/me/progress/videos/{id}`: the player's report. `keepalive` lets the last report of a
 * page being closed still arrive.
 */
export const saveProgress = (api: TypedApi, videoId: string, body: ProgressBody, keepalive = false) =>
  api.put('/v1/me/progress/videos/{id}', { params: { path: { id: videoId } }, body, keepalive });

/**
 * Fire-and-forget reports: playback never waits for them and a failed one is dropped (the next
 * one, ~10 s later, carries the newer position anyway). The lists that show progress are marked stale.
 */
export function useSaveProgress(videoId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    (body: ProgressBody, keepalive = false) => {
      saveProgress(api, videoId, body, keepalive).then(
        () => void queryClient.invalidateQueries({ queryKey: ['progress'], refetchType: 'none' }),
        () => undefined,
      );
    },
    [api, videoId, queryClient],
  );
}
