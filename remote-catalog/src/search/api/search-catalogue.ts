import { queryOptions } from '@tanstack/react-query';
import type { ApiQuery, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';
import { useSearchParams } from 'react-router-dom';

type Filter = 'q' | 'type';

/** `GET /v1/search`: contents, videos and what is said inside videos, best first. */
export function searchCatalogue(api: TypedApi, { page, limit, filters }: ListParams<Filter>, signal?: AbortSignal) {
  const query: ApiQuery<'/v1/search/'> = { q: filters.q ?? '', page, limit };
  if (filters.type === 'CONTENT' || filters.type === 'VIDEO') query.type = filters.type;
  return api.get('/v1/search/', { params: { query }, signal });
}

export const searchQueryOptions = (api: TypedApi, params: ListParams<Filter>) =>
  queryOptions({ queryKey: ['search', params], queryFn: ({ signal }) => searchCatalogue(api, params, signal) });

/** `/busca?q=…&type=…&page=…`: the words, the type and the page live in the URL. */
export function useCatalogueSearch() {
  const api = useApi();
  const [searchParams] = useSearchParams();
  const enabled = Boolean(searchParams.get('q')?.trim()); // no words, no call
  return usePaginatedQuery({ query: (params: ListParams<Filter>) => searchQueryOptions(api, params), filters: ['q', 'type'], enabled });
}
