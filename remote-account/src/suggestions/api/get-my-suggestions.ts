import type { ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

/** `GET /v1/suggestions/mine`: the member's own suggestions, newest first, with status and answer. */
export const getMySuggestions = (api: TypedApi, { page, limit }: ListParams, signal?: AbortSignal) =>
  api.get('/v1/suggestions/mine', { params: { query: { page, limit } }, signal });

export const mySuggestionsQueryKey = ['suggestions', 'mine'] as const;

export function useMySuggestions() {
  const api = useApi();
  return usePaginatedQuery({ queryKey: mySuggestionsQueryKey, queryFn: (params, signal) => getMySuggestions(api, params, signal), filters: ['lista'] });
}
