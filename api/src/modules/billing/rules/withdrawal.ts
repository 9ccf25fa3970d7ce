import type { InvoiceDocument } from '../documents';
import { DAY_MS } from './calendar';
import { decision, heldCredits, openInvoices, type Decision, type LifecycleState } from './decision';
import { refusalMessage } from './messages';
import { invalidTransition, phaseOf, transitionOf } from './state-machine';

/**
 * The right of withdrawal (Código de Defesa do Consumidor, art. 49): a purchase made outside a
 * shop may be undone within 7 days, everything paid given back. Here it applies to a member's
 * first purchase — the earliest payment they ever made is of this subscription, less than 7 days
 * ago — and ends it now: access ends, every payment of the subscription is refunded through the
 * way it came (the gateway's `refund`), the credits those payments granted are taken back (those
 * already spent stay spent: the law gives everything back).
 */
export const WITHDRAWAL_DAYS = 7;

/** What is paid and could be given back: PAID invoices that were charged (not an admin's GRANT). */
const isRefundable = (invoice: InvoiceDocument) => invoice.status === 'PAID' && invoice.kind !== 'GRANT' && invoice.amountCents > 0;

export interface Withdrawal {
  /** Until when (exclusive) the member may withdraw: the first payment + 7 days. */
  until: Date;
  /** Everything to give back. */
  amountCents: number;
  invoices: InvoiceDocument[];
}

/** The member's earliest payment on any subscription (refunded ones included), as the invoices repository finds it. */
export type FirstPayment = Pick<InvoiceDocument, '_id' | 'paidAt'> | null;

/**
 * Whether the subscription may be withdrawn now, and what would be refunded: a withdrawal is for
 * a first purchase only, so the member's first payment must be one of this subscription's.
 */
export function withdrawalOf(state: LifecycleState, firstPayment: FirstPayment): Withdrawal | null {
  const phase = phaseOf(state.subscription);
  if (phase !== 'ACTIVE' && phase !== 'CANCEL_REQUESTED') return null;
  const paid = state.invoices.filter(isRefundable);
  const first = paid.find((invoice) => firstPayment && invoice._id.equals(firstPayment._id));
  if (!first?.paidAt) return null;
  const until = new Date(first.paidAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);
  if (state.now >= until) return null;
  return { until, amountCents: paid.reduce((sum, invoice) => sum + invoice.amountCents, 0), invoices: paid };
}

/**
 * Ends the subscription now and marks every payment REFUNDED (the use case then asks the gateway
 * to give the money back). The credits those payments granted are taken back as far as the
 * balance holds them, and recorded on each invoice (`creditsTakenBack`).
 */
export function decideWithdrawal(state: LifecycleState, firstPayment: FirstPayment, reason: string, comment: string | null): Decision {
  const { subscription, now } = state;
  const phase = phaseOf(subscription);
  transitionOf(phase, 'WITHDRAWN');
  const withdrawal = withdrawalOf(state, firstPayment);
  if (!withdrawal) throw invalidTransition(refusalMessage(phase, 'WITHDRAWN'));
  const held = heldCredits(subscription);
  let available = state.credits.balance + held;
  const invoiceUpdates = withdrawal.invoices.map((invoice) => {
    const kept = invoice.creditsGranted - (invoice.creditsTakenBack ?? 0);
    const taken = Math.max(0, Math.min(kept, available));
    available -= taken;
    return {
      _id: invoice._id,
      set: { status: 'REFUNDED' as const, refundedAt: now, refundedCents: invoice.amountCents, refundExternalId: null, creditsTakenBack: (invoice.creditsTakenBack ?? 0) + taken },
      taken,
    };
  });
  const takenBack = invoiceUpdates.reduce((sum, update) => sum + update.taken, 0);
  return decision('WITHDRAWN', {
    set: {
      status: 'CANCELED',
      canceledAt: now,
      endDate: now,
      pendingPlanChange: null,
      cancelRequest: { reason, comment, requestedAt: subscription.cancelRequest?.requestedAt ?? now },
      withdrawnAt: now,
    },
    cancel: openInvoices(state).map((invoice) => invoice._id),
    invoiceUpdates: invoiceUpdates.map(({ _id, set }) => ({ _id, set })),
    creditsDelta: held - takenBack,
  });
}
