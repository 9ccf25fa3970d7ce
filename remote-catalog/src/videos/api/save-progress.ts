import type { ApiBody, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export type ProgressBody = ApiBody<'/v1/me/progress/videos/{id}', 'put'>;

/**
 * `PUT /v1/me/progress/videos/{id}`: the player's report. `keepalive` lets the last report of a
 * page being closed still arrive.
 */
export const saveProgress = (api: TypedApi, videoId: string, body: ProgressBody, keepalive = false) =>
  api.put('/v1/me/progress/videos/{id}', { params: { path: { id: videoId } }, body, keepalive });

const finishedNowKey = (videoId: string) => ['videos', 'finished-now', videoId] as const;

/**
 * Whether a report made on this page answered `finished` (the video watched to the end just now):
 * the assessment opens at once, without reading the video again.
 */
export function useFinishedNow(videoId: string): boolean {
  return useQuery({ queryKey: finishedNowKey(videoId), queryFn: () => false, staleTime: Infinity }).data === true;
}

/**
 * Fire-and-forget reports: playback never waits for them and a failed one is dropped (the next
 * one, ~10 s later, carries the newer position anyway). The lists that show progress are marked stale;
 * an answer saying the video is finished opens its assessment (useFinishedNow).
 */
export function useSaveProgress(videoId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    (body: ProgressBody, keepalive = false) => {
      saveProgress(api, videoId, body, keepalive).then(
        (answer) => {
          if (answer.finished) queryClient.setQueryData(finishedNowKey(videoId), true);
          void queryClient.invalidateQueries({ queryKey: ['progress'], refetchType: 'none' });
        },
        () => undefined,
      );
    },
    [api, videoId, queryClient],
  );
}
