import { AppError } from '../../../http/app-error';
import { decideEnd, decideOverdue, decideRenewal } from '../rules/lifecycle';
import type { Decision, LifecycleState } from '../rules/decision';
import { addDays } from '../rules/calendar';
import { RENEWAL_LEAD_DAYS } from '../rules/calendar';
import { run, type BillingContext } from './context';
import { sendRefund } from './withdraw';
import type { ObjectId } from 'mongodb';
import type { PaymentWebhookEvent } from '../../../plugins/payment-gateway/gateway';
import { reconcilePix } from './confirm-pix';
import { reconcilePixAutomatic, stopEndedRecurrences, type PixAutomaticReconciliation } from './pix-automatic';
import type { PaymentOutcome } from './pay-invoice';
import type { InvoiceDocument, SubscriptionDocument } from '../documents';

/** What the calendar tells others about as it goes (e-mail): called after the change is written. */
export interface ReconciliationObserver {
  /** An ACTIVE subscription was paused because `invoice` went unpaid past its due date. */
  paused(subscription: SubscriptionDocument, invoice: InvoiceDocument): Promise<void>;
  /** Pix Automático's recurrences and recurring charges read back (their e-mails). */
  pixAutomatic?(report: PixAutomaticReconciliation): Promise<void>;
}

export interface ReconciliationReport {
  renewalsIssued: number;
  invoicesOverdue: number;
  subscriptionsPaused: number;
  checkoutsExpired: number;
  upgradesExpired: number;
  subscriptionsCanceled: number;
  /** Refunds of a withdrawal the gateway had not taken (its call failed), sent again and accepted. */
  refundsSent: number;
  /** API Pix: open charges the PSP shows paid whose callback never arrived, paid now. */
  pixPaymentsFound: number;
  /** Pix Automático: cycles the PSP shows debited whose callback never arrived, paid now. */
  recurringDebitsPaid: number;
  /** Pix Automático: failed debits whose retry was asked for now. */
  recurringRetriesScheduled: number;
}

const COUNTERS: Partial<Record<Decision['event'], (keyof ReconciliationReport)[]>> = {
  RENEWAL_ISSUED: ['renewalsIssued'],
  FIRST_EXPIRED: ['checkoutsExpired'],
  UPGRADE_LAPSED: ['upgradesExpired'],
  GRACE_ENDED: ['subscriptionsCanceled'],
  REQUESTED_PERIOD_ENDED: ['subscriptionsCanceled'],
};

/**
 * One pass of the billing calendar at the clock's "now", through the same lifecycle and commit
 * as every other operation; repeated until nothing is left to do (an upgrade lapsing can make
 * a renewal due, which can already be overdue). Safe to run on two instances at once: every
 * write is conditional, and a renewal's cycle key is unique.
 */
export async function reconcile(
  ctx: BillingContext,
  pay: (event: PaymentWebhookEvent) => Promise<PaymentOutcome>,
  observer?: ReconciliationObserver,
): Promise<ReconciliationReport> {
  // First: a cycle debited at the PSP must not go overdue because its callback was lost.
  const automatic = await reconcilePixAutomatic(ctx, pay);
  await observer?.pixAutomatic?.(automatic);
  const report: ReconciliationReport = {
    renewalsIssued: 0,
    invoicesOverdue: 0,
    subscriptionsPaused: 0,
    checkoutsExpired: 0,
    upgradesExpired: 0,
    subscriptionsCanceled: 0,
    refundsSent: 0,
    recurringDebitsPaid: automatic.charges.filter((charge) => charge.outcome === 'PAID').length,
    recurringRetriesScheduled: automatic.charges.filter((charge) => charge.outcome === 'RETRY_SCHEDULED' && charge.newFailure).length,
    // First: a charge paid at the PSP must not go overdue because its callback was lost.
    pixPaymentsFound: await reconcilePix(ctx, pay),
  };
  const apply = async (subscriptionId: ObjectId, decide: (state: LifecycleState) => Decision | null, overdue?: InvoiceDocument): Promise<boolean> => {
    try {
      const { decision, state, subscription } = await run(ctx, subscriptionId, (state) => ({ decision: decide(state) }), { retries: 3 });
      if (!decision) return false;
      for (const counter of COUNTERS[decision.event] ?? []) report[counter] += 1;
      if (decision.event === 'RENEWAL_OVERDUE') {
        report.invoicesOverdue += 1;
        if (state.subscription.status === 'ACTIVE' && subscription.status === 'PAUSED') {
          report.subscriptionsPaused += 1;
          if (overdue) await observer?.paused(subscription, overdue);
        }
      }
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) {
        ctx.log.warn({ err: error, subscriptionId: subscriptionId.toHexString() }, 'reconciliation skipped a subscription');
        return false;
      }
      throw error;
    }
  };

  for (let pass = 0; pass < 4; pass += 1) {
    const now = ctx.now();
    let changed = false;
    for (const id of await ctx.subscriptions.listIdsInRenewalWindow(addDays(now, RENEWAL_LEAD_DAYS))) {
      changed = (await apply(id, decideRenewal)) || changed;
    }
    for (const invoice of await ctx.invoices.listPendingDueBy(now)) {
      changed =
        (await apply(invoice.subscriptionId, (state) => {
          const fresh = state.invoices.find((candidate) => candidate._id.equals(invoice._id));
          return fresh ? decideOverdue(state, fresh) : null;
        }, invoice)) || changed;
    }
    for (const id of await ctx.subscriptions.listIdsEnded(now)) {
      changed = (await apply(id, decideEnd)) || changed;
    }
    if (!changed) break;
  }
  // Subscriptions the calendar just ended: their recurrence goes too.
  await stopEndedRecurrences(ctx);
  for (const invoice of await ctx.invoices.listRefundsNotSent()) {
    const subscription = await ctx.subscriptions.findById(invoice.subscriptionId);
    if (await sendRefund(ctx, invoice, subscription?.paymentMethod ?? 'PIX')) report.refundsSent += 1;
  }
  return report;
}
