import { seatsOf } from '../rules/pricing';
import type { SubscriptionDocument } from '../documents';
import { decidePlanChange, type PlanChange } from '../rules/plan-change';
import { loadState, planNotFound, run, subscriptionNotFound, syncAccount, type BillingContext } from './context';
import { checkSeats, seatsInUse } from './subscribe';

async function targetPlan(ctx: BillingContext, externalPlanId: string) {
  const target = await ctx.plans.findByExternalId(externalPlanId);
  if (!target) throw planNotFound();
  return target;
}

/** The refusals of a change to `seats` (laboratory needed, seats in use), for the change and its preview alike. */
async function checkSeatChange(ctx: BillingContext, subscription: SubscriptionDocument, seats: number): Promise<void> {
  if (seats === seatsOf(subscription) && seats < 2) return;
  const owner = await ctx.users.findById(subscription.userId);
  if (!owner) throw subscriptionNotFound();
  await checkSeats(ctx, owner, seats);
}

/**
 * Upgrade (prorated charge now), downgrade (next cycle), switch (PENDING) or undo a waiting
 * change — of plan, of seats or both. Fewer seats: the account's limit is lowered first (one
 * conditional update, refused while more seats are in use), so no acceptance can take a seat
 * being given up; if the change is then refused, the limit follows the subscription again.
 */
export async function changePlan(
  ctx: BillingContext,
  subscription: SubscriptionDocument,
  externalPlanId: string,
  seats?: number,
): Promise<{ subscription: SubscriptionDocument; change: PlanChange }> {
  const target = await targetPlan(ctx, externalPlanId);
  const toSeats = seats ?? seatsOf(subscription);
  await checkSeatChange(ctx, subscription, toSeats);
  const account = await ctx.team.findAccountBySubscription(subscription._id);
  if (account && toSeats < account.seats && !(await ctx.team.setSeatLimit(account._id, toSeats, ctx.now()))) throw seatsInUse(toSeats);
  try {
    const { subscription: updated, change } = await run(ctx, subscription._id, (state) => decidePlanChange(state, target, toSeats));
    return { subscription: updated, change };
  } catch (error) {
    if (account) {
      const current = await ctx.subscriptions.findById(subscription._id);
      if (current) await syncAccount(ctx, current);
    }
    throw error;
  }
}

/** The same decision, not written: what the confirmation would charge, and when. */
export async function previewPlanChange(ctx: BillingContext, subscription: SubscriptionDocument, externalPlanId: string, seats?: number): Promise<PlanChange> {
  const target = await targetPlan(ctx, externalPlanId);
  const toSeats = seats ?? seatsOf(subscription);
  await checkSeatChange(ctx, subscription, toSeats);
  return decidePlanChange(await loadState(ctx, subscription._id), target, toSeats).change;
}
