import type { SubscriptionDocument } from '../../db/billing';
import { decidePlanChange, type PlanChange } from '../lifecycle';
import { loadState, planNotFound, run, type BillingContext } from './context';

async function targetPlan(ctx: BillingContext, externalPlanId: string) {
  const target = await ctx.plans.findByExternalId(externalPlanId);
  if (!target) throw planNotFound();
  return target;
}

/** Upgrade (prorated charge now), downgrade (next cycle), switch (PENDING) or undo a waiting change. */
export async function changePlan(
  ctx: BillingContext,
  subscription: SubscriptionDocument,
  externalPlanId: string,
): Promise<{ subscription: SubscriptionDocument; change: PlanChange }> {
  const target = await targetPlan(ctx, externalPlanId);
  const { subscription: updated, change } = await run(ctx, subscription._id, (state) => decidePlanChange(state, target));
  return { subscription: updated, change };
}

/** The same decision, not written: what the confirmation would charge, and when. */
export async function previewPlanChange(ctx: BillingContext, subscription: SubscriptionDocument, externalPlanId: string): Promise<PlanChange> {
  const target = await targetPlan(ctx, externalPlanId);
  return decidePlanChange(await loadState(ctx, subscription._id), target).change;
}
