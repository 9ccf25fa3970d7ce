import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/videos/{slug}`: the card plus, when the gate is open, the signed source and captions link. */
export const getVideo = (api: TypedApi, slug: string, signal?: AbortSignal) => api.get('/v1/videos/{idOrSlug}', { params: { path: { idOrSlug: slug } }, signal });

export const videoQueryOptions = (api: TypedApi, slug: string) => queryOptions({ queryKey: ['videos', 'detail', slug], queryFn: ({ signal }) => getVideo(api, slug, signal) });

export function useVideo(slug: string) {
  return useQuery(videoQueryOptions(useApi(), slug));
}
