import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/contents/{slug}`: the card plus, when the gate is open, the body and signed attachment links. */
export const getContent = (api: TypedApi, slug: string, signal?: AbortSignal) => api.get('/v1/contents/{idOrSlug}', { params: { path: { idOrSlug: slug } }, signal });

export const contentQueryOptions = (api: TypedApi, slug: string) => queryOptions({ queryKey: ['contents', 'detail', slug], queryFn: ({ signal }) => getContent(api, slug, signal) });

export function useContent(slug: string) {
  return useQuery(contentQueryOptions(useApi(), slug));
}
