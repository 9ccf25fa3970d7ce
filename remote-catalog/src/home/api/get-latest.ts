import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueKind, TypedApi } from '@clube/platform';
import { getCatalogueItems, useApi } from '@clube/platform/data';

/** `GET /v1/videos` or `GET /v1/contents`, newest first: "Novidades". */
export const latestQueryOptions = <K extends CatalogueKind>(api: TypedApi, kind: K) =>
  queryOptions({ queryKey: [kind, 'latest'], queryFn: ({ signal }) => getCatalogueItems(api, kind, { limit: 4, sort: 'newest' }, signal) });

export function useLatest<K extends CatalogueKind>(kind: K) {
  return useQuery(latestQueryOptions(useApi(), kind));
}

/** `GET /v1/videos?categoryId=`: one category's row on the home page. */
export const getCategoryVideos = (api: TypedApi, categoryId: string, signal?: AbortSignal) => api.get('/v1/videos/', { params: { query: { categoryId, limit: 6 } }, signal });
export const categoryVideosQueryOptions = (api: TypedApi, categoryId: string) =>
  queryOptions({ queryKey: ['videos', 'category-row', categoryId], queryFn: ({ signal }) => getCategoryVideos(api, categoryId, signal) });
/** `enabled: false` until the row is near the screen (its data is not needed for the first one). */
export function useCategoryVideos(categoryId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoryVideosQueryOptions(useApi(), categoryId), enabled });
}
