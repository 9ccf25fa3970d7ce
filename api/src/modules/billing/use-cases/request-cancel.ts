import type { SubscriptionDocument } from '../documents';
import { decideCancelRequest } from '../rules/lifecycle';
import { run, type BillingContext } from './context';

/** The owner asks to cancel: access lasts until endDate, nothing more is charged. */
export async function requestCancel(ctx: BillingContext, subscription: SubscriptionDocument, reason: string, comment: string | null): Promise<SubscriptionDocument> {
  return (await run(ctx, subscription._id, (state) => ({ decision: decideCancelRequest(state, reason, comment) }))).subscription;
}
