import type { ApiResponse, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** What a plan change would do: the same fields the confirmation answers in `change`. */
export type PlanPreview = ApiResponse<'/v1/subscriptions/{id}/plan-preview'>;

/**
 * `GET /v1/subscriptions/{id}/plan-preview?externalPlanId=`: the API's own decision, not written —
 * an upgrade's prorated amount (new price − credit for the unused paid time) or when a downgrade's
 * price applies. Confirming charges exactly what it showed.
 */
export const getPlanPreview = (api: TypedApi, subscriptionId: string, externalPlanId: string, seats?: number, signal?: AbortSignal) =>
  api.get('/v1/subscriptions/{id}/plan-preview', { params: { path: { id: subscriptionId }, query: seats === undefined ? { externalPlanId } : { externalPlanId, seats } }, signal });

export const planPreviewQueryOptions = (api: TypedApi, subscriptionId: string, externalPlanId: string, seats?: number) =>
  queryOptions({
    queryKey: ['subscriptions', subscriptionId, 'plan-preview', externalPlanId, seats],
    queryFn: ({ signal }) => getPlanPreview(api, subscriptionId, externalPlanId, seats, signal),
    // The amount depends on the moment: always asked again when the member comes back to it.
    staleTime: 0,
  });

/** `seats` only for a laboratory subscription (adding seats is prorated like an upgrade; fewer than in use → 409 with the reason). */
export function usePlanPreview(subscriptionId: string, externalPlanId: string | undefined, seats?: number) {
  return useQuery({ ...planPreviewQueryOptions(useApi(), subscriptionId, externalPlanId ?? '', seats), enabled: Boolean(externalPlanId) });
}
