import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { videosQueryKey } from './get-videos';

/** `GET /v1/videos/{id}`: an admin gets the source (the file's key, or the link) of any video. */
export const videoQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({ queryKey: [...videosQueryKey, 'one', id], queryFn: ({ signal }) => api.get('/v1/videos/{idOrSlug}', { params: { path: { idOrSlug: id } }, signal }) });

export function useVideo(id: string) {
  return useQuery(videoQueryOptions(useApi(), id));
}
