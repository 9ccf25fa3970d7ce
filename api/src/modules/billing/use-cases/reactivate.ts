import type { SubscriptionDocument } from '../documents';
import { decideReactivate } from '../rules/lifecycle';
import { run, type BillingContext } from './context';

/** Undoes a cancel request while the period lasts (renewal issued if due), or opens a new cycle. */
export async function reactivate(ctx: BillingContext, subscription: SubscriptionDocument): Promise<SubscriptionDocument> {
  return (await run(ctx, subscription._id, (state) => ({ decision: decideReactivate(state) }))).subscription;
}
