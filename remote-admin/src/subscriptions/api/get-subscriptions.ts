import { queryOptions } from '@tanstack/react-query';
import type { ApiQuery, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';
import { SUBSCRIPTION_STATUSES } from '@clube/platform/subscription-words';

/** The list's filters, kept in the URL under the API's own names (`?planId=…&status=ACTIVE&member=ana`; `userId` from a member's page). */
export const SUBSCRIPTION_FILTERS = ['planId', 'userId', 'member', 'status'] as const;
export type SubscriptionFilter = (typeof SUBSCRIPTION_FILTERS)[number];
export type SubscriptionsQuery = ApiQuery<'/v1/subscriptions/paginated'>;

const OBJECT_ID = /^[0-9a-f]{24}$/i;
/** The longest member search the API takes. */
export const MEMBER_SEARCH_MAX = 100;

/** The URL's filters as the API's query; an empty or malformed value is left out rather than sent to be refused. */
export function subscriptionsQuery(filters: ListParams<SubscriptionFilter>['filters']): Omit<SubscriptionsQuery, 'page' | 'limit'> {
  const query: Omit<SubscriptionsQuery, 'page' | 'limit'> = {};
  const planId = filters.planId?.trim();
  if (planId && OBJECT_ID.test(planId)) query.planId = planId;
  const userId = filters.userId?.trim();
  if (userId && OBJECT_ID.test(userId)) query.userId = userId;
  const member = filters.member?.trim();
  if (member) query.member = member.slice(0, MEMBER_SEARCH_MAX);
  const status = SUBSCRIPTION_STATUSES.find((candidate) => candidate === filters.status);
  if (status) query.status = status;
  return query;
}

export function getSubscriptions(api: TypedApi, { page, limit, filters }: ListParams<SubscriptionFilter>, signal?: AbortSignal) {
  return api.get('/v1/subscriptions/paginated', { params: { query: { page, limit, ...subscriptionsQuery(filters) } }, signal });
}

export const subscriptionsQueryKey = ['subscriptions', 'paginated'] as const;

export const subscriptionsQueryOptions = (api: TypedApi, params: ListParams<SubscriptionFilter>) =>
  queryOptions({ queryKey: [...subscriptionsQueryKey, params], queryFn: ({ signal }) => getSubscriptions(api, params, signal) });

export function useSubscriptions() {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<SubscriptionFilter>) => subscriptionsQueryOptions(api, params), filters: SUBSCRIPTION_FILTERS });
}
