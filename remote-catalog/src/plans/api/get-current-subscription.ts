import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth, type TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/subscriptions/{id}`: the member's subscription, to mark their current plan. */
export const getSubscription = (api: TypedApi, id: string, signal?: AbortSignal) => api.get('/v1/subscriptions/{id}', { params: { path: { id } }, signal });

export const subscriptionQueryOptions = (api: TypedApi, id: string) => queryOptions({ queryKey: ['subscriptions', id], queryFn: ({ signal }) => getSubscription(api, id, signal) });

/** The signed-in member's subscription when they have one (nothing is asked for guests). */
export function useCurrentSubscription() {
  const { profile } = useAuth();
  const id = profile?.subscription ?? '';
  return useQuery({ ...subscriptionQueryOptions(useApi(), id), enabled: Boolean(id) });
}
