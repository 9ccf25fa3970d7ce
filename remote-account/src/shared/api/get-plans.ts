import type { ApiResponse, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type Plan = ApiResponse<'/v1/plans/'>['data'][number];

/** `GET /v1/plans`: the active plans, in the admin's order. */
export const getPlans = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/plans/', { signal });

export const plansQueryOptions = (api: TypedApi) => queryOptions({ queryKey: ['plans'], queryFn: ({ signal }) => getPlans(api, signal) });

export function usePlans() {
  return useQuery(plansQueryOptions(useApi()));
}

/** `GET /v1/plans/{id}`: one plan (an inactive one answers with `active: false`). */
export const getPlan = (api: TypedApi, id: string, signal?: AbortSignal) => api.get('/v1/plans/{id}', { params: { path: { id } }, signal });

export const planQueryOptions = (api: TypedApi, id: string) => queryOptions({ queryKey: ['plans', id], queryFn: ({ signal }) => getPlan(api, id, signal) });

export function usePlan(id: string) {
  return useQuery({ ...planQueryOptions(useApi(), id), enabled: Boolean(id) });
}
