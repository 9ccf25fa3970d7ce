import { queryOptions } from '@tanstack/react-query';
import type { ApiQuery, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

/** The list's filters, kept in the URL under the API's own names (`?searchTerm=ana&isSubscriber=true&field=name`). */
export const USER_FILTERS = ['searchTerm', 'role', 'isSubscriber', 'hasUsedCredits', 'field', 'criteria'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];
export type UsersQuery = ApiQuery<'/v1/users/'>;

const FIELDS = ['name', 'email', 'createdAt'] as const;
const ROLES = ['ADMIN', 'USER'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((candidate) => candidate === value);
}

function yesNo(value: string | undefined): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** The URL's filters as the API's query; "ALL" (or anything unknown) is simply left out. */
export function usersQuery(filters: ListParams<UserFilter>['filters']): Omit<UsersQuery, 'page' | 'limit'> {
  const query: Omit<UsersQuery, 'page' | 'limit'> = {};
  const searchTerm = filters.searchTerm?.trim();
  if (searchTerm) query.searchTerm = searchTerm;
  const role = oneOf(ROLES, filters.role);
  if (role) query.role = role;
  const isSubscriber = yesNo(filters.isSubscriber);
  if (isSubscriber !== undefined) query.isSubscriber = isSubscriber;
  const hasUsedCredits = yesNo(filters.hasUsedCredits);
  if (hasUsedCredits !== undefined) query.hasUsedCredits = hasUsedCredits;
  const field = oneOf(FIELDS, filters.field);
  if (field) query.field = field;
  const criteria = oneOf(['asc', 'desc'] as const, filters.criteria);
  if (criteria) query.criteria = criteria;
  return query;
}

export function getUsers(api: TypedApi, { page, limit, filters }: ListParams<UserFilter>, signal?: AbortSignal) {
  return api.get('/v1/users/', { params: { query: { page, limit, ...usersQuery(filters) } }, signal });
}

export const usersQueryKey = ['users'] as const;

export const usersQueryOptions = (api: TypedApi, params: ListParams<UserFilter>) =>
  queryOptions({ queryKey: [...usersQueryKey, params], queryFn: ({ signal }) => getUsers(api, params, signal) });

export function useUsers() {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<UserFilter>) => usersQueryOptions(api, params), filters: USER_FILTERS });
}
