import { queryOptions } from '@tanstack/react-query';
import type { ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

/** `GET /v1/subscriptions/{id}/invoices`: the subscription's invoices, newest first. */
export const getInvoices = (api: TypedApi, id: string, { page, limit }: Pick<ListParams, 'page' | 'limit'>, signal?: AbortSignal) =>
  api.get('/v1/subscriptions/{id}/invoices', { params: { path: { id }, query: { page, limit } }, signal });

export const invoicesQueryKey = (id: string) => ['subscriptions', id, 'invoices'] as const;

export const invoicesQueryOptions = (api: TypedApi, id: string, params: ListParams) =>
  queryOptions({ queryKey: [...invoicesQueryKey(id), params], queryFn: ({ signal }) => getInvoices(api, id, params, signal) });

export function useInvoices(id: string) {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams) => invoicesQueryOptions(api, id, params), limit: 5 });
}
