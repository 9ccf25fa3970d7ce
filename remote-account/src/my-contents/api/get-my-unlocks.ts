import { queryOptions } from '@tanstack/react-query';
import type { ApiQuery, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

type ItemType = NonNullable<ApiQuery<'/v1/me/unlocks'>['itemType']>;
const ITEM_TYPES: readonly string[] = ['CONTENT', 'VIDEO'] satisfies ItemType[];

/** `GET /v1/me/unlocks`: what the member unlocked with credits, newest first, with the item's card. */
export function getMyUnlocks(api: TypedApi, { page, limit, filters }: ListParams<'tipo'>, signal?: AbortSignal) {
  const itemType = filters.tipo && ITEM_TYPES.includes(filters.tipo) ? (filters.tipo as ItemType) : undefined;
  return api.get('/v1/me/unlocks', { params: { query: { page, limit, itemType } }, signal });
}

export const myUnlocksQueryKey = ['me', 'unlocks'] as const;

export const myUnlocksQueryOptions = (api: TypedApi, params: ListParams<'tipo'>) =>
  queryOptions({ queryKey: [...myUnlocksQueryKey, params], queryFn: ({ signal }) => getMyUnlocks(api, params, signal) });

export function useMyUnlocks() {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<'tipo'>) => myUnlocksQueryOptions(api, params), filters: ['tipo'] });
}
