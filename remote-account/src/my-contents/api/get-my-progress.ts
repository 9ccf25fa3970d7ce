import { queryOptions } from '@tanstack/react-query';
import type { ApiQuery, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

type Status = NonNullable<ApiQuery<'/v1/me/progress'>['status']>;
const STATUSES: readonly string[] = ['IN_PROGRESS', 'FINISHED'] satisfies Status[];

/** `GET /v1/me/progress`: the videos the member started or finished, last watched first. */
export function getMyProgress(api: TypedApi, { page, limit, filters }: ListParams<'status'>, signal?: AbortSignal) {
  const status = filters.status && STATUSES.includes(filters.status) ? (filters.status as Status) : undefined;
  return api.get('/v1/me/progress', { params: { query: { page, limit, status } }, signal });
}

export const myProgressQueryKey = ['me', 'progress'] as const;

export const myProgressQueryOptions = (api: TypedApi, params: ListParams<'status'>) =>
  queryOptions({ queryKey: [...myProgressQueryKey, params], queryFn: ({ signal }) => getMyProgress(api, params, signal) });

export function useMyProgress() {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<'status'>) => myProgressQueryOptions(api, params), filters: ['status'] });
}
