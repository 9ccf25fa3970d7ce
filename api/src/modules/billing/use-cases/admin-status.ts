import type { ObjectId } from 'mongodb';
import type { SubscriptionDocument } from '../documents';
import { decideAdminStatus } from '../rules/lifecycle';
import type { AdminStatus } from '../rules/state-machine';
import { run, type BillingContext } from './context';

/** Who decided, as the member's and the admins' pages name them. */
export interface StatusDecider {
  _id: ObjectId;
  name: string;
}

/**
 * An admin sets the status (ACTIVE waives open invoices and records the granted period); the
 * decision keeps who made it and why, so a paused member reads that an admin paused it, not a
 * missing payment.
 */
export async function overrideStatus(
  ctx: BillingContext,
  subscription: SubscriptionDocument,
  status: AdminStatus,
  by: StatusDecider,
  reason: string | null,
): Promise<SubscriptionDocument> {
  return (
    await run(ctx, subscription._id, (state) => {
      const decision = decideAdminStatus(state, status);
      decision.set.adminDecision = { status, byUserId: by._id, byName: by.name, reason, at: state.now };
      return { decision };
    })
  ).subscription;
}
