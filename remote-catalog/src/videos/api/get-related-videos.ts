import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/videos?categoryId=`: other videos of the same category, for "Vídeos relacionados". */
export const getRelatedVideos = (api: TypedApi, categoryId: string, signal?: AbortSignal) =>
  api.get('/v1/videos/', { params: { query: { categoryId, limit: 5 } }, signal });

export const relatedVideosQueryOptions = (api: TypedApi, categoryId: string) =>
  queryOptions({ queryKey: ['videos', 'related', categoryId], queryFn: ({ signal }) => getRelatedVideos(api, categoryId, signal) });

export function useRelatedVideos(categoryId: string | undefined) {
  return useQuery({ ...relatedVideosQueryOptions(useApi(), categoryId ?? ''), enabled: Boolean(categoryId) });
}
