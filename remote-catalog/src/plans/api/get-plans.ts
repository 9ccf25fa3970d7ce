import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/plans`: the active plans, in display order. */
export const getPlans = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/plans/', { signal });

export const plansQueryOptions = (api: TypedApi) => queryOptions({ queryKey: ['plans'], queryFn: ({ signal }) => getPlans(api, signal) });

export function usePlans() {
  return useQuery(plansQueryOptions(useApi()));
}
