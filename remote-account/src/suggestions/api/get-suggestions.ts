import { queryOptions } from '@tanstack/react-query';
import type { ApiResponse, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

/**
 * The page's two lists: `GET /v1/suggestions/open`, every member's NEW and READ suggestions, most
 * voted first; `GET /v1/suggestions/mine`, the member's own, newest first, with status and answer.
 */
interface SuggestionLists {
  open: ApiResponse<'/v1/suggestions/open'>;
  mine: ApiResponse<'/v1/suggestions/mine'>;
}
export type SuggestionList = keyof SuggestionLists;

export const getSuggestions = <L extends SuggestionList>(api: TypedApi, list: L, { page, limit }: ListParams, signal?: AbortSignal) =>
  api.get(list === 'mine' ? '/v1/suggestions/mine' : '/v1/suggestions/open', { params: { query: { page, limit } }, signal }) as Promise<SuggestionLists[L]>;

export const suggestionsQueryOptions = <L extends SuggestionList>(api: TypedApi, list: L, params: ListParams) =>
  queryOptions({ queryKey: ['suggestions', list, params], queryFn: ({ signal }) => getSuggestions(api, list, params, signal) });

/** The tab (`?lista=`) stays in the URL beside the page. */
export function useSuggestions<L extends SuggestionList>(list: L) {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<'lista'>) => suggestionsQueryOptions(api, list, params), filters: ['lista'] });
}
