import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const plansQueryKey = ['plans', 'all'] as const;

/** Every plan, the inactive ones too (admin). */
export const getAllPlans = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/plans/all', { signal });

export const allPlansQueryOptions = (api: TypedApi) => queryOptions({ queryKey: plansQueryKey, queryFn: ({ signal }) => getAllPlans(api, signal) });

export function useAllPlans() {
  return useQuery(allPlansQueryOptions(useApi()));
}

export const planQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({ queryKey: ['plans', id], queryFn: ({ signal }) => api.get('/v1/plans/{id}', { params: { path: { id } }, signal }) });

/** One plan, active or not. */
export function usePlan(id: string) {
  return useQuery(planQueryOptions(useApi(), id));
}
