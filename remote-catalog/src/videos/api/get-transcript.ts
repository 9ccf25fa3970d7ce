import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/videos/{slug}/transcript`: the cues, for the transcript panel (gated like the source). */
export const getTranscript = (api: TypedApi, slug: string, signal?: AbortSignal) =>
  api.get('/v1/videos/{idOrSlug}/transcript', { params: { path: { idOrSlug: slug } }, signal });

export const transcriptQueryOptions = (api: TypedApi, slug: string) =>
  queryOptions({ queryKey: ['videos', 'transcript', slug], queryFn: ({ signal }) => getTranscript(api, slug, signal), staleTime: 10 * 60_000 });

export function useTranscript(slug: string, enabled: boolean) {
  return useQuery({ ...transcriptQueryOptions(useApi(), slug), enabled });
}
