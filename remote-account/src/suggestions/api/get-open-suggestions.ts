import type { ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

/** `GET /v1/suggestions/open`: every member's NEW and READ suggestions, most voted first. */
export const getOpenSuggestions = (api: TypedApi, { page, limit }: ListParams, signal?: AbortSignal) =>
  api.get('/v1/suggestions/open', { params: { query: { page, limit } }, signal });

export const openSuggestionsQueryKey = ['suggestions', 'open'] as const;

export function useOpenSuggestions() {
  const api = useApi();
  return usePaginatedQuery({ queryKey: openSuggestionsQueryKey, queryFn: (params, signal) => getOpenSuggestions(api, params, signal), filters: ['lista'] });
}
