import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../shared/use-debounced-value';

/** How long the admin may pause typing before the API is asked. */
export const SLUG_PREVIEW_DELAY_MS = 300;

/** `GET /v1/admin/slug-preview`: the address the API stores for a title or name when no slug is sent (its one slug rule). */
export const getSlugPreview = (api: TypedApi, text: string, signal?: AbortSignal) =>
  api.get('/v1/admin/slug-preview', { params: { query: { text } }, signal });

export const slugPreviewQueryOptions = (api: TypedApi, text: string) =>
  queryOptions({ queryKey: ['slug-preview', text], queryFn: ({ signal }) => getSlugPreview(api, text, signal), staleTime: Infinity });

/**
 * The slug the API would store for `text`, asked once typing pauses. `slug` is undefined while
 * that answer is on its way (or `text` is blank, or `enabled` is false): pages show it loading.
 */
export function useSlugPreview(text: string, enabled = true) {
  const api = useApi();
  const settled = useDebouncedValue(text.trim(), SLUG_PREVIEW_DELAY_MS);
  const current = settled === text.trim();
  const query = useQuery({ ...slugPreviewQueryOptions(api, settled), enabled: enabled && settled !== '' });
  return {
    slug: current && query.data ? query.data.slug : undefined,
    loading: enabled && text.trim() !== '' && (!current || query.isFetching),
    error: query.isError ? query.error : null,
  };
}
