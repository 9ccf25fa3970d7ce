import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET /v1/subscriptions/{id}`: the subscription with its plan summary. */
export const getSubscription = (api: TypedApi, id: string, signal?: AbortSignal) => api.get('/v1/subscriptions/{id}', { params: { path: { id } }, signal });

export const subscriptionQueryKey = (id: string) => ['subscriptions', id] as const;

export const subscriptionQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({ queryKey: subscriptionQueryKey(id), queryFn: ({ signal }) => getSubscription(api, id, signal) });

export function useSubscription(id: string | null | undefined) {
  const api = useApi();
  return useQuery({ ...subscriptionQueryOptions(api, id ?? ''), enabled: Boolean(id) });
}
