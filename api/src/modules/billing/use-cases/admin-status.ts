import type { SubscriptionDocument } from '../documents';
import { decideAdminStatus } from '../rules/lifecycle';
import type { AdminStatus } from '../rules/state-machine';
import { run, type BillingContext } from './context';

/** An admin sets the status (ACTIVE waives open invoices and records the granted period). */
export async function overrideStatus(ctx: BillingContext, subscription: SubscriptionDocument, status: AdminStatus): Promise<SubscriptionDocument> {
  return (await run(ctx, subscription._id, (state) => ({ decision: decideAdminStatus(state, status) }))).subscription;
}
