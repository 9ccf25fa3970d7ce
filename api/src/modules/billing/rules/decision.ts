import { ObjectId } from 'mongodb';
import { AppError } from '../../../http/app-error';
import type { PlanDocument } from '../../plans/documents';
import type { InvoiceDocument, InvoiceKind, SubscriptionDocument } from '../documents';
import { addInterval, DAY_MS, FIRST_INVOICE_DUE_DAYS, RENEWAL_LEAD_DAYS, addDays } from './calendar';
import { INVOICE_DESCRIPTIONS, MESSAGES } from './messages';
import { priceFor, seatsOf, targetSeats } from './pricing';
import type { LifecycleEvent } from './state-machine';

/**
 * What every decision works on and answers: the state loaded by the use case (LifecycleState),
 * the Decision written back by `commit` (use-cases/context.ts), and the invoices and renewals
 * both lifecycle.ts and plan-change.ts issue.
 */

export interface Credits {
  balance: number;
  used: number;
}

export interface LifecycleState {
  now: Date;
  subscription: SubscriptionDocument;
  /** Every invoice of the subscription. */
  invoices: InvoiceDocument[];
  /** Every plan by id (hex). */
  plans: ReadonlyMap<string, PlanDocument>;
  credits: Credits;
  /** Ids for new invoices (not I/O; injectable so tests can predict them). */
  newId?: () => ObjectId;
}

/** A new invoice. GRANT invoices are written PAID (no charge at the gateway). */
export interface InvoiceSpec {
  _id: ObjectId;
  kind: InvoiceKind;
  planId: ObjectId;
  amountCents: number;
  dueDate: Date;
  description: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  cycleKey: string;
  creditAppliedCents?: number;
  /** Seats paid for (plan price × seats); written on the invoice. */
  seats: number;
}

export interface Decision {
  event: LifecycleEvent;
  /** Applied only if the subscription still has the status and updatedAt it was loaded with. */
  set: Partial<SubscriptionDocument>;
  /** Open invoices to cancel (their charges too), before anything is issued. */
  cancel: ObjectId[];
  invoiceUpdates: { _id: ObjectId; set: Partial<InvoiceDocument> }[];
  issue: InvoiceSpec[];
  /** Added to the member's credit balance (negative: taken back, never below 0). */
  creditsDelta: number;
}

export function decision(event: LifecycleEvent, parts: Partial<Omit<Decision, 'event'>> = {}): Decision {
  return { event, set: {}, cancel: [], invoiceUpdates: [], issue: [], creditsDelta: 0, ...parts };
}

export const idOf = (state: LifecycleState) => (state.newId ?? (() => new ObjectId()))();
export const planOf = (state: LifecycleState, id: ObjectId): PlanDocument => {
  const plan = state.plans.get(id.toHexString());
  if (!plan) throw new AppError(500, 'PLAN_MISSING', MESSAGES.planMissing);
  return plan;
};
export const isOpenInvoice = (invoice: InvoiceDocument) => invoice.status === 'PENDING' || invoice.status === 'OVERDUE';
export const openInvoices = (state: LifecycleState, kinds?: InvoiceKind[]) =>
  state.invoices.filter((invoice) => isOpenInvoice(invoice) && (!kinds || kinds.includes(invoice.kind)));
export const heldCredits = (subscription: SubscriptionDocument) =>
  subscription.pendingPlanChange?.kind === 'UPGRADE' ? (subscription.pendingPlanChange.creditsHeld ?? 0) : 0;

export function renewalCycleKey(periodStart: Date): string {
  return `RENEWAL:${periodStart.toISOString()}`;
}


export function firstInvoice(state: LifecycleState, plan: PlanDocument, seats: number): InvoiceSpec {
  const _id = idOf(state);
  return {
    _id,
    kind: 'FIRST',
    planId: plan._id,
    amountCents: priceFor(plan, seats),
    dueDate: addDays(state.now, FIRST_INVOICE_DUE_DAYS),
    description: INVOICE_DESCRIPTIONS.first(plan, seats),
    periodStart: null,
    periodEnd: null,
    cycleKey: `FIRST:${_id.toHexString()}`,
    seats,
  };
}

export function renewalInvoice(state: LifecycleState, plan: PlanDocument, periodStart: Date, seats: number): InvoiceSpec {
  return {
    _id: idOf(state),
    kind: 'RENEWAL',
    planId: plan._id,
    amountCents: priceFor(plan, seats),
    dueDate: periodStart,
    description: INVOICE_DESCRIPTIONS.renewal(plan, seats),
    periodStart,
    periodEnd: addInterval(periodStart, plan.interval),
    cycleKey: renewalCycleKey(periodStart),
    seats,
  };
}

/**
 * The renewal an ACTIVE subscription (no cancel request, no upgrade waiting) needs once inside
 * the window, given the state after `set` and `canceled`; null when none is due or it exists.
 */
export function renewalIfDue(state: LifecycleState, set: Partial<SubscriptionDocument>, canceled: ObjectId[]): InvoiceSpec | null {
  const after = { ...state.subscription, ...set };
  if (after.status !== 'ACTIVE' || after.cancelRequest || !after.endDate) return null;
  if (after.pendingPlanChange?.kind === 'UPGRADE') return null;
  if (after.endDate.getTime() > state.now.getTime() + RENEWAL_LEAD_DAYS * DAY_MS) return null;
  const cycleKey = renewalCycleKey(after.endDate);
  const gone = new Set(canceled.map((id) => id.toHexString()));
  const exists = state.invoices.some(
    (invoice) => invoice.cycleKey === cycleKey && invoice.status !== 'CANCELED' && !gone.has(invoice._id.toHexString()),
  );
  if (exists) return null;
  const downgrade = after.pendingPlanChange?.kind === 'DOWNGRADE' ? after.pendingPlanChange : null;
  const planId = downgrade ? downgrade.planId : after.planId;
  return renewalInvoice(state, planOf(state, planId), after.endDate, downgrade ? targetSeats(after) : seatsOf(after));
}


/** Cancels whatever change waits: the upgrade invoice (credits given back) or the re-priced renewal. */
export function undoPendingChange(state: LifecycleState): Pick<Decision, 'cancel' | 'issue' | 'creditsDelta'> {
  const pending = state.subscription.pendingPlanChange;
  if (!pending) return { cancel: [], issue: [], creditsDelta: 0 };
  if (pending.kind === 'UPGRADE') {
    const open = openInvoices(state, ['UPGRADE']).map((invoice) => invoice._id);
    return { cancel: open, issue: [], creditsDelta: heldCredits(state.subscription) };
  }
  // A renewal issued at the downgrade price (plan or seats) goes back to the current one.
  const current = planOf(state, state.subscription.planId);
  const seats = seatsOf(state.subscription);
  const repriced = openInvoices(state, ['RENEWAL']).filter(
    (invoice) => invoice.status === 'PENDING' && (!invoice.planId.equals(current._id) || seatsOf(invoice) !== seats),
  );
  return {
    cancel: repriced.map((invoice) => invoice._id),
    issue: repriced.map((invoice) => renewalInvoice(state, current, invoice.periodStart ?? invoice.dueDate, seats)),
    creditsDelta: 0,
  };
}
