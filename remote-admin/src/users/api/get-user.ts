import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersQueryKey } from './get-users';

// The reads of `/admin/usuarios/{id}`: the profile, then its subscriptions, invoices, unlocks,
// progress and laboratory account (a handful each: one page of 100).

export const getUser = (api: TypedApi, id: string, signal?: AbortSignal) => api.get('/v1/users/{id}', { params: { path: { id } }, signal });

export const userQueryOptions = (api: TypedApi, id: string) => queryOptions({ queryKey: [...usersQueryKey, id], queryFn: ({ signal }) => getUser(api, id, signal) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(useApi(), id));
}

export const getUserSubscriptions = (api: TypedApi, userId: string, signal?: AbortSignal) =>
  api.get('/v1/subscriptions/user/{userId}', { params: { path: { userId }, query: { limit: 100 } }, signal });

export const userSubscriptionsQueryOptions = (api: TypedApi, userId: string) =>
  queryOptions({ queryKey: ['subscriptions', 'user', userId], queryFn: ({ signal }) => getUserSubscriptions(api, userId, signal) });

export function useUserSubscriptions(userId: string) {
  return useQuery(userSubscriptionsQueryOptions(useApi(), userId));
}

export const getSubscriptionInvoices = (api: TypedApi, id: string, signal?: AbortSignal) =>
  api.get('/v1/subscriptions/{id}/invoices', { params: { path: { id } }, signal });

export const subscriptionInvoicesQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({ queryKey: ['subscriptions', id, 'invoices'], queryFn: ({ signal }) => getSubscriptionInvoices(api, id, signal) });

export function useSubscriptionInvoices(id: string | undefined) {
  return useQuery({ ...subscriptionInvoicesQueryOptions(useApi(), id ?? ''), enabled: Boolean(id) });
}

export const getUserUnlocks = (api: TypedApi, id: string, signal?: AbortSignal) =>
  api.get('/v1/users/{id}/unlocks', { params: { path: { id }, query: { limit: 100 } }, signal });

export const userUnlocksQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({ queryKey: [...usersQueryKey, id, 'unlocks'], queryFn: ({ signal }) => getUserUnlocks(api, id, signal) });

export function useUserUnlocks(id: string) {
  return useQuery(userUnlocksQueryOptions(useApi(), id));
}

export const getUserProgress = (api: TypedApi, id: string, signal?: AbortSignal) =>
  api.get('/v1/users/{id}/progress', { params: { path: { id }, query: { limit: 100 } }, signal });

export const userProgressQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({ queryKey: [...usersQueryKey, id, 'progress'], queryFn: ({ signal }) => getUserProgress(api, id, signal) });

export function useUserProgress(id: string) {
  return useQuery(userProgressQueryOptions(useApi(), id));
}

/** `GET /v1/users/{id}/team`: the laboratory account the member manages or sits in (404 when none). */
export const getUserTeam = (api: TypedApi, id: string, signal?: AbortSignal) => api.get('/v1/users/{id}/team', { params: { path: { id } }, signal });

export const userTeamQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({ queryKey: [...usersQueryKey, id, 'team'], queryFn: ({ signal }) => getUserTeam(api, id, signal) });

export function useUserTeam(id: string) {
  return useQuery(userTeamQueryOptions(useApi(), id));
}
