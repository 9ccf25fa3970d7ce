import { queryOptions } from '@tanstack/react-query';
import type { ApiQuery, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

/** The list's filters, in the URL under the API's own names (`?status=NEW&sort=votes`). */
export const SUGGESTION_FILTERS = ['status', 'sort'] as const;
export type SuggestionFilter = (typeof SUGGESTION_FILTERS)[number];
type SuggestionsQuery = Omit<ApiQuery<'/v1/suggestions/'>, 'page' | 'limit'>;

const STATUSES = ['NEW', 'READ', 'DONE'] as const;
const SORTS = ['recent', 'votes'] as const;

export function suggestionsQuery(filters: ListParams<SuggestionFilter>['filters']): SuggestionsQuery {
  const query: SuggestionsQuery = {};
  const status = STATUSES.find((candidate) => candidate === filters.status);
  if (status) query.status = status;
  const sort = SORTS.find((candidate) => candidate === filters.sort);
  if (sort) query.sort = sort;
  return query;
}

export const getSuggestions = (api: TypedApi, { page, limit, filters }: ListParams<SuggestionFilter>, signal?: AbortSignal) =>
  api.get('/v1/suggestions/', { params: { query: { page, limit, ...suggestionsQuery(filters) } }, signal });

export const suggestionsQueryKey = ['suggestions'] as const;

export const suggestionsQueryOptions = (api: TypedApi, params: ListParams<SuggestionFilter>) =>
  queryOptions({ queryKey: [...suggestionsQueryKey, params], queryFn: ({ signal }) => getSuggestions(api, params, signal) });

export function useSuggestions() {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<SuggestionFilter>) => suggestionsQueryOptions(api, params), filters: SUGGESTION_FILTERS });
}
