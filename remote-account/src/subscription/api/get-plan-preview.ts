import type { ApiResponse, Subscription, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useQuery } from '@tanstack/react-query';
import type { Plan } from './get-plans';

export type PlanChange = ApiResponse<'/v1/subscriptions/{subscriptionId}/plan', 'patch'>['change'];

export interface PlanPreview {
  kind: 'UPGRADE' | 'DOWNGRADE';
  /** Charged now (upgrade); 0 for a downgrade. */
  amountCents: number;
  /** The unused part of the current period, credited against the new price. */
  creditCents: number;
  /** When the new price applies (downgrade: the next renewal). */
  effectiveAt: string | null;
  newPriceCents: number;
  creditsPerCycle: number;
  /** True while this is worked out here and not by the API (see below). */
  estimate: boolean;
}

/**
 * What a plan change would cost. The one place that knows where the preview comes from: until the
 * billing rework's `GET /v1/subscriptions/{id}/plan-preview?externalPlanId=` is on main, it applies
 * the documented rule (api/README: new price − current price × unused fraction of the period) to
 * the subscription on screen and says it is an estimate; switching is a change to this file only.
 */
export async function getPlanPreview(_api: TypedApi, subscription: Subscription, target: Plan, now = Date.now()): Promise<PlanPreview> {
  const current = subscription.plan;
  if (!current || target.priceCents <= current.priceCents) {
    return { kind: 'DOWNGRADE', amountCents: 0, creditCents: 0, effectiveAt: subscription.endDate, newPriceCents: target.priceCents, creditsPerCycle: target.creditsPerCycle, estimate: true };
  }
  const start = subscription.currentPeriodStart ? Date.parse(subscription.currentPeriodStart) : now;
  const end = subscription.endDate ? Date.parse(subscription.endDate) : now;
  const unused = end > start ? Math.min(1, Math.max(0, (end - now) / (end - start))) : 0;
  const creditCents = Math.round(current.priceCents * unused);
  return {
    kind: 'UPGRADE',
    amountCents: Math.max(1, target.priceCents - creditCents),
    creditCents,
    effectiveAt: null,
    newPriceCents: target.priceCents,
    creditsPerCycle: target.creditsPerCycle,
    estimate: true,
  };
}

export function usePlanPreview(subscription: Subscription | undefined, target: Plan | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['subscriptions', subscription?._id, 'plan-preview', target?.externalPlanId],
    queryFn: () => getPlanPreview(api, subscription as Subscription, target as Plan),
    enabled: Boolean(subscription && target),
    staleTime: 0,
  });
}
