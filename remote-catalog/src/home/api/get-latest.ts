import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/videos` and `GET /v1/contents`, newest first: "Novidades". */
export const getLatestVideos = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/videos/', { params: { query: { limit: 4, sort: 'newest' } }, signal });
export const getLatestContents = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/contents/', { params: { query: { limit: 4, sort: 'newest' } }, signal });

export const latestVideosQueryOptions = (api: TypedApi) => queryOptions({ queryKey: ['videos', 'latest'], queryFn: ({ signal }) => getLatestVideos(api, signal) });
export const latestContentsQueryOptions = (api: TypedApi) => queryOptions({ queryKey: ['contents', 'latest'], queryFn: ({ signal }) => getLatestContents(api, signal) });

export function useLatestVideos() {
  return useQuery(latestVideosQueryOptions(useApi()));
}
export function useLatestContents() {
  return useQuery(latestContentsQueryOptions(useApi()));
}

/** `GET /v1/videos?categoryId=`: one category's row on the home page. */
export const getCategoryVideos = (api: TypedApi, categoryId: string, signal?: AbortSignal) => api.get('/v1/videos/', { params: { query: { categoryId, limit: 6 } }, signal });
export const categoryVideosQueryOptions = (api: TypedApi, categoryId: string) =>
  queryOptions({ queryKey: ['videos', 'category-row', categoryId], queryFn: ({ signal }) => getCategoryVideos(api, categoryId, signal) });
/** `enabled: false` until the row is near the screen (its data is not needed for the first one). */
export function useCategoryVideos(categoryId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoryVideosQueryOptions(useApi(), categoryId), enabled });
}
