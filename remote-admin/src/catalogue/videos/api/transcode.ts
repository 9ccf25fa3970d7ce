import type { ApiResponse } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueQueryKey } from '../../api/get-catalogue-items';

export type Transcode = ApiResponse<'/v1/media/transcodes/'>;

/** While the conversion is queued or running, its state is asked for again this often. */
export const TRANSCODE_POLL_MS = 2000;

const transcodeQueryKey = (videoKey: string) => [...catalogueQueryKey('videos'), 'transcode', videoKey] as const;

/**
 * `GET /v1/media/transcodes?videoKey=…`: the HLS conversion of an uploaded MP4, polled until it is
 * READY or FAILED. A file with no conversion (404: uploaded before it existed) shows nothing.
 */
export function useTranscode(videoKey: string) {
  const api = useApi();
  return useQuery({
    queryKey: transcodeQueryKey(videoKey),
    queryFn: ({ signal }) => api.get('/v1/media/transcodes/', { params: { query: { videoKey } }, signal }),
    enabled: videoKey !== '',
    retry: false,
    refetchInterval: (query) => (query.state.data && ['PENDING', 'RUNNING'].includes(query.state.data.status) ? TRANSCODE_POLL_MS : false),
  });
}

/** "Tentar novamente": a failed conversion goes back to the queue. */
export function useRetryTranscode(videoKey: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/v1/media/transcodes/retry', { body: { videoKey } }),
    onSuccess: (transcode) => queryClient.setQueryData(transcodeQueryKey(videoKey), transcode),
  });
}
