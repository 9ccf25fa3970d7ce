import type { ApiResponse, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import type { UploadFile } from '@clube/kit/ui/file-upload';
import { useApiClient } from '@clube/platform';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueQueryKey } from '../../api/get-catalogue-items';

export type Transcript = ApiResponse<'/v1/videos/{idOrSlug}/transcript'>;

/** `GET /v1/videos/{id}/transcript`: the video's transcript (its cue count and date for the editor). */
export const transcriptQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({
    queryKey: [...catalogueQueryKey('videos'), 'transcript', id],
    queryFn: ({ signal }) => api.get('/v1/videos/{idOrSlug}/transcript', { params: { path: { idOrSlug: id } }, signal }),
  });

/** Asked for only when the video has one. */
export function useTranscript(id: string, exists: boolean) {
  return useQuery({ ...transcriptQueryOptions(useApi(), id), enabled: exists });
}

/**
 * An UploadFile for the kit's FileUpload: reads the .vtt / .srt as text and sends it with
 * `PUT /v1/videos/{id}/transcript` (progress from axios); the API parses it and says the line of
 * any problem. The transcript and the video are refetched.
 */
export function useTranscriptUpload(id: string): UploadFile {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return async (file, { signal, onProgress }) => {
    const content = await file.text();
    const result = await client.put<Transcript>(`/videos/${id}/transcript`, { content }, { signal, onUploadProgress: (event) => onProgress(event.progress ?? 0) });
    await queryClient.invalidateQueries({ queryKey: catalogueQueryKey('videos') });
    return result;
  };
}
