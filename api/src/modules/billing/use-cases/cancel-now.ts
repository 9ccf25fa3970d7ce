import type { SubscriptionDocument } from '../documents';
import { decideCancelNow } from '../rules/lifecycle';
import { run, type BillingContext } from './context';

/** Ends the subscription now (member or admin). */
export async function cancelNow(ctx: BillingContext, subscription: SubscriptionDocument): Promise<SubscriptionDocument> {
  return (await run(ctx, subscription._id, (state) => ({ decision: decideCancelNow(state) }))).subscription;
}
