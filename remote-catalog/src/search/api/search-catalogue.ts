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

export const searchQueryKey = ['search'] as const;

/** `/busca?q=…&type=…&page=…`: the words, the type and the page live in the URL. */
export function useCatalogueSearch() {
  const api = useApi();
  const [searchParams] = useSearchParams();
  const enabled = Boolean(searchParams.get('q')?.trim()); // no words, no call
  return usePaginatedQuery({ queryKey: searchQueryKey, queryFn: (params, signal) => searchCatalogue(api, params, signal), filters: ['q', 'type'], enabled });
}
