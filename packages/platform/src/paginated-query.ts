import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_LIMIT, DEFAULT_PAGE, type Paginated } from '@clube/platform';

/** The largest page size a list accepts from the URL (the API's own limit). */
export const MAX_LIMIT = 100;

/** What a list asks the API for; read from (and written to) the page's query string. */
export interface ListParams<F extends string = string> {
  page: number;
  limit: number;
  /** Free text (`?search=`), '' when none. */
  search: string;
  /** The list's own filters (`?role=ADMIN`), only those present. */
  filters: Partial<Record<F, string>>;
}

export interface UsePaginatedQueryOptions<TPage extends Paginated<unknown>, F extends string, K extends QueryKey = QueryKey> {
  /**
   * One page's query: the endpoint file's `queryOptions`, e.g. `(params) => usersQueryOptions(api, params)`.
   * Its key ends with the params (`['users', params]`), so each page is cached on its own.
   */
  query: (params: ListParams<F>) => UseQueryOptions<TPage, Error, TPage, K>;
  /** Names of the filters kept in the URL, e.g. ['role', 'isSubscriber']. */
  filters?: readonly F[];
  /** Page size when the URL has none (DEFAULT_LIMIT). */
  limit?: number;
  enabled?: boolean;
}

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const number = Number(value);
  return number >= 1 && number <= max ? number : fallback;
}

export function readListParams<F extends string>(search: URLSearchParams, filterNames: readonly F[] = [], defaultLimit = DEFAULT_LIMIT): ListParams<F> {
  const filters: Partial<Record<F, string>> = {};
  for (const name of filterNames) {
    const value = search.get(name);
    if (value) filters[name] = value;
  }
  return {
    page: positiveInt(search.get('page'), DEFAULT_PAGE),
    limit: positiveInt(search.get('limit'), defaultLimit, MAX_LIMIT),
    search: search.get('search')?.trim() ?? '',
    filters,
  };
}

/**
 * A paginated list whose page, page size, search and filters live in the URL's query string
 * (`?page=2&limit=20&search=ana&role=ADMIN`), so a list can be shared, reloaded and navigated back
 * to. While the next page loads the previous one stays on screen (`isPlaceholderData` is true).
 * Changing the search, a filter or the page size goes back to page 1.
 */
export function usePaginatedQuery<TPage extends Paginated<unknown>, F extends string = never, K extends QueryKey = QueryKey>({
  query: pageQuery,
  filters: filterNames = [],
  limit: defaultLimit = DEFAULT_LIMIT,
  enabled = true,
}: UsePaginatedQueryOptions<TPage, F, K>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterKey = filterNames.join(',');
  const params = useMemo(
    () => readListParams(searchParams, filterNames, defaultLimit),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter names' content, not the array's identity
    [searchParams, filterKey, defaultLimit],
  );

  const query = useQuery({ ...pageQuery(params), placeholderData: keepPreviousData, enabled });

  /** Writes changes to the URL ('' or undefined removes the parameter; defaults are not written). */
  const update = useCallback(
    (changes: Record<string, string | number | undefined>, backToFirstPage: boolean) => {
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          const text = value === undefined ? '' : String(value).trim();
          const isDefault = (name === 'page' && text === String(DEFAULT_PAGE)) || (name === 'limit' && text === String(defaultLimit));
          if (!text || isDefault) next.delete(name);
          else next.set(name, text);
        }
        if (backToFirstPage) next.delete('page');
        return next;
      });
    },
    [setSearchParams, defaultLimit],
  );

  const meta = query.data?.meta;
  return {
    ...query,
    params,
    rows: (query.data?.data ?? []) as TPage['data'],
    total: meta?.total ?? 0,
    totalPages: meta?.totalPages ?? 0,
    setPage: useCallback((page: number) => update({ page }, false), [update]),
    setLimit: useCallback((limit: number) => update({ limit }, true), [update]),
    setSearch: useCallback((search: string) => update({ search }, true), [update]),
    setFilter: useCallback((name: F, value: string | undefined) => update({ [name]: value }, true), [update]),
  };
}
