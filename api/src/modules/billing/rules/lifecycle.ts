import { ObjectId } from 'mongodb';
import { conflict } from '../../../http/app-error';
import type { PlanDocument } from '../../plans/documents';
import type { InvoiceDocument, PaymentMethod, SubscriptionDocument } from '../documents';
import { addDays, addInterval, PAUSE_GRACE_DAYS } from './calendar';
import {
  decision,
  firstInvoice,
  heldCredits,
  idOf,
  openInvoices,
  planOf,
  renewalIfDue,
  undoPendingChange,
  type Decision,
  type InvoiceSpec,
  type LifecycleState,
} from './decision';
import { INVOICE_DESCRIPTIONS, MESSAGES } from './messages';
import { creditsFor, livePaidPeriods, seatsOf, targetSeats } from './pricing';
import { invalidTransition, phaseOf, transitionOf, type AdminStatus, type LifecycleEvent } from './state-machine';

/**
 * The subscription lifecycle, without I/O: given a subscription, its invoices, the plans, the
 * member's credits and the time, each `decide*` function says what an operation or an event does
 * (a `Decision`), or throws the 409 a person reads. The use cases (use-cases/) load the state,
 * ask here, and write the decision with a conditional update (`commit`, use-cases/context.ts).
 * Nothing else writes `status`, `endDate`, `isOpen` or credits. The table of allowed transitions
 * is state-machine.ts; prices and prorating pricing.ts; the sentences messages.ts; plan changes
 * plan-change.ts.
 */

export function decideCheckout(now: Date, plan: PlanDocument, newId: () => ObjectId = () => new ObjectId(), seats = 1): InvoiceSpec {
  transitionOf('NONE', 'CHECKOUT');
  return firstInvoice({ now, newId } as LifecycleState, plan, seats);
}


export function decidePayment(state: LifecycleState, invoice: InvoiceDocument, paidAt: Date): Decision {
  const { subscription } = state;
  const phase = phaseOf(subscription);
  const plan = planOf(state, invoice.planId);
  if (invoice.kind === 'GRANT') throw invalidTransition(MESSAGES.grantNotCharged);
  const event: LifecycleEvent = invoice.kind === 'FIRST' ? 'FIRST_PAID' : invoice.kind === 'RENEWAL' ? 'RENEWAL_PAID' : 'UPGRADE_PAID';
  transitionOf(phase, event);
  const seats = seatsOf(invoice);
  const credits = creditsFor(plan, seats);

  if (invoice.kind === 'UPGRADE') {
    const pending = subscription.pendingPlanChange;
    if (pending?.kind !== 'UPGRADE' || !pending.invoiceId?.equals(invoice._id)) {
      throw invalidTransition(MESSAGES.changeNoLongerPending);
    }
    const periodEnd = addInterval(paidAt, plan.interval);
    return decision(event, {
      set: { ...activePeriod(subscription, plan, seats, paidAt, paidAt, periodEnd), pendingPlanChange: null },
      // A renewal of the old plan cannot be open (canceled on request); any still open is void.
      cancel: openInvoices(state, ['RENEWAL']).map((open) => open._id),
      invoiceUpdates: [
        { _id: invoice._id, set: { periodStart: paidAt, periodEnd, creditsGranted: credits } },
        ...(pending.supersedes ?? []).map((period) => ({
          _id: period.invoiceId,
          set: { supersededAt: paidAt, creditedCents: period.creditedCents, creditsTakenBack: period.creditsTakenBack },
        })),
      ],
      // The unused days' credits leave now, as the preview said (an upgrade asked for before issue 25 held them already).
      creditsDelta: credits - (pending.creditsTakenOnPayment ?? 0),
    });
  }

  if (invoice.kind === 'FIRST') {
    const periodEnd = addInterval(paidAt, plan.interval);
    return decision(event, {
      set: { ...activePeriod(subscription, plan, seats, paidAt, paidAt, periodEnd), canceledAt: null },
      invoiceUpdates: [{ _id: invoice._id, set: { periodStart: paidAt, periodEnd, creditsGranted: credits } }],
      creditsDelta: credits,
    });
  }

  // RENEWAL: its period was fixed when issued.
  const periodStart = invoice.periodStart ?? invoice.dueDate;
  const periodEnd = invoice.periodEnd ?? addInterval(periodStart, plan.interval);
  const set = activePeriod(subscription, plan, seats, paidAt, periodStart, periodEnd);
  const pending = subscription.pendingPlanChange;
  if (pending?.planId.equals(plan._id) && targetSeats(subscription) === seats) set.pendingPlanChange = null;
  return decision(event, {
    set,
    invoiceUpdates: [{ _id: invoice._id, set: { periodStart, periodEnd, creditsGranted: credits } }],
    creditsDelta: credits,
  });
}

/** What a paid FIRST, UPGRADE or RENEWAL invoice sets: ACTIVE on its plan and seats for [periodStart, periodEnd). */
function activePeriod(
  subscription: SubscriptionDocument,
  plan: PlanDocument,
  seats: number,
  paidAt: Date,
  periodStart: Date,
  periodEnd: Date,
): Partial<SubscriptionDocument> {
  return {
    status: 'ACTIVE',
    planId: plan._id,
    externalPlanId: plan.externalPlanId,
    startDate: subscription.startDate ?? paidAt,
    currentPeriodStart: periodStart,
    endDate: periodEnd,
    seats,
  };
}

/** The job: the renewal due for this subscription, or null. */
export function decideRenewal(state: LifecycleState): Decision | null {
  if (phaseOf(state.subscription) !== 'ACTIVE') return null;
  const renewal = renewalIfDue(state, {}, []);
  if (!renewal) return null;
  return decision('RENEWAL_ISSUED', { issue: [renewal] });
}

/** The job: an invoice still PENDING after its due date. */
export function decideOverdue(state: LifecycleState, invoice: InvoiceDocument): Decision | null {
  // Periods are [start, end): at the due instant itself the invoice is already late.
  if (invoice.status !== 'PENDING' || invoice.dueDate > state.now) return null;
  const { subscription } = state;
  const phase = phaseOf(subscription);
  if (invoice.kind === 'FIRST') {
    if (phase !== 'PENDING') return decision('FIRST_EXPIRED', { cancel: [invoice._id] });
    transitionOf(phase, 'FIRST_EXPIRED');
    return decision('FIRST_EXPIRED', { set: { status: 'CANCELED', canceledAt: state.now }, cancel: [invoice._id] });
  }
  if (invoice.kind === 'UPGRADE') {
    const pending = subscription.pendingPlanChange;
    const waiting = pending?.kind === 'UPGRADE' && pending.invoiceId?.equals(invoice._id);
    if (!waiting) return decision('UPGRADE_LAPSED', { cancel: [invoice._id] });
    const set: Partial<SubscriptionDocument> = { pendingPlanChange: null };
    const renewal = renewalIfDue(state, set, [invoice._id]);
    return decision('UPGRADE_LAPSED', {
      set,
      cancel: [invoice._id],
      issue: renewal ? [renewal] : [],
      creditsDelta: heldCredits(subscription),
    });
  }
  if (invoice.kind !== 'RENEWAL') return null;
  const overdue = { _id: invoice._id, set: { status: 'OVERDUE' as const } };
  if (phase !== 'ACTIVE') return decision('RENEWAL_OVERDUE', { invoiceUpdates: [overdue] });
  const graceEnd = addDays(invoice.dueDate, PAUSE_GRACE_DAYS);
  const endDate = subscription.endDate && subscription.endDate > graceEnd ? subscription.endDate : graceEnd;
  return decision('RENEWAL_OVERDUE', { set: { status: 'PAUSED', endDate }, invoiceUpdates: [overdue] });
}

/** The job: PAUSED past its deadline, or a cancel request whose period ended. */
export function decideEnd(state: LifecycleState): Decision | null {
  const { subscription, now } = state;
  const phase = phaseOf(subscription);
  if (!subscription.endDate) return null;
  let event: LifecycleEvent;
  if (phase === 'PAUSED' && subscription.endDate <= now) event = 'GRACE_ENDED';
  else if (phase === 'CANCEL_REQUESTED' && subscription.endDate <= now) event = 'REQUESTED_PERIOD_ENDED';
  else return null;
  return decision(event, {
    set: { status: 'CANCELED', canceledAt: now, pendingPlanChange: null },
    cancel: openInvoices(state).map((invoice) => invoice._id),
    creditsDelta: heldCredits(subscription),
  });
}

export function decideCancelRequest(state: LifecycleState, reason: string, comment: string | null): Decision {
  transitionOf(phaseOf(state.subscription), 'CANCEL_REQUESTED');
  return decision('CANCEL_REQUESTED', {
    set: { cancelRequest: { reason, comment, requestedAt: state.now }, pendingPlanChange: null },
    cancel: openInvoices(state, ['RENEWAL', 'UPGRADE']).map((invoice) => invoice._id),
    creditsDelta: heldCredits(state.subscription),
  });
}

/** Undoes a cancel request while the period lasts; otherwise opens a new cycle (PENDING + FIRST invoice). */
export function decideReactivate(state: LifecycleState): Decision {
  const { subscription, now } = state;
  const phase = phaseOf(subscription);
  if (phase === 'CANCEL_REQUESTED' && subscription.endDate && subscription.endDate > now) {
    transitionOf(phase, 'CANCEL_UNDONE');
    const set: Partial<SubscriptionDocument> = { cancelRequest: null };
    const renewal = renewalIfDue(state, set, []);
    return decision('CANCEL_UNDONE', { set, issue: renewal ? [renewal] : [] });
  }
  transitionOf(phase, 'REACTIVATED');
  const plan = planOf(state, subscription.planId);
  if (!plan.active) {
    throw conflict(MESSAGES.subscriptionPlanUnavailable, 'PLAN_UNAVAILABLE');
  }
  return decision('REACTIVATED', {
    set: { status: 'PENDING', cancelRequest: null, canceledAt: null, pendingPlanChange: null, currentPeriodStart: null, endDate: null },
    cancel: openInvoices(state).map((invoice) => invoice._id),
    issue: [firstInvoice(state, plan, seatsOf(subscription))],
    creditsDelta: heldCredits(subscription),
  });
}

/** Ends now: open invoices canceled, paid time not yet enjoyed forfeited (a decision, not a loss). */
export function decideCancelNow(state: LifecycleState): Decision {
  const { subscription, now } = state;
  transitionOf(phaseOf(subscription), 'CANCELED_NOW');
  const endDate = subscription.endDate && subscription.endDate < now ? subscription.endDate : subscription.endDate ? now : null;
  const forfeited = state.invoices.filter(
    (invoice) => invoice.status === 'PAID' && !invoice.supersededAt && !invoice.forfeitedAt && invoice.periodEnd && invoice.periodEnd > now,
  );
  return decision('CANCELED_NOW', {
    set: { status: 'CANCELED', canceledAt: now, endDate, pendingPlanChange: null },
    cancel: openInvoices(state).map((invoice) => invoice._id),
    invoiceUpdates: forfeited.map((invoice) => ({ _id: invoice._id, set: { forfeitedAt: now } })),
    creditsDelta: heldCredits(subscription),
  });
}

export function decideAdminStatus(state: LifecycleState, status: AdminStatus): Decision {
  const { subscription, now } = state;
  if (subscription.status === status) throw invalidTransition(MESSAGES.alreadyStatus(status));
  if (status === 'CANCELED') return decideCancelNow(state);
  const phase = phaseOf(subscription);
  const undo = undoPendingChange(state);

  if (status === 'PAUSED') {
    transitionOf(phase, 'ADMIN_PAUSED');
    const endDate = subscription.endDate && subscription.endDate > now ? subscription.endDate : addDays(now, PAUSE_GRACE_DAYS);
    const keepDowngrade = subscription.pendingPlanChange?.kind === 'DOWNGRADE';
    return decision('ADMIN_PAUSED', {
      set: { status, endDate, canceledAt: null, ...(keepDowngrade ? {} : { pendingPlanChange: null }) },
      cancel: keepDowngrade ? [] : undo.cancel,
      creditsDelta: keepDowngrade ? 0 : undo.creditsDelta,
    });
  }

  // ACTIVE by decision of an admin: open invoices are waived; the period granted is recorded (GRANT, no credits).
  transitionOf(phase, 'ADMIN_ACTIVE');
  const plan = planOf(state, subscription.planId);
  const covering = livePaidPeriods(state.invoices).filter((invoice) => invoice.periodStart! <= now && invoice.periodEnd! > now);
  const paidUntil = covering.reduce<Date | null>((end, invoice) => (!end || invoice.periodEnd! > end ? invoice.periodEnd! : end), null);
  const cancel = openInvoices(state).map((invoice) => invoice._id);
  const issue: InvoiceSpec[] = [];
  let period: Partial<SubscriptionDocument>;
  if (paidUntil) {
    // Paid time is still running (an admin paused it): it simply resumes.
    period = { endDate: paidUntil };
  } else {
    const renewal = openInvoices(state, ['RENEWAL']).find((invoice) => invoice.periodEnd && invoice.periodEnd > now);
    const start = renewal?.periodStart ?? now;
    const end = renewal?.periodEnd ?? addInterval(now, plan.interval);
    const _id = idOf(state);
    issue.push({
      _id,
      kind: 'GRANT',
      planId: plan._id,
      amountCents: 0,
      dueDate: now,
      description: INVOICE_DESCRIPTIONS.grant(plan),
      periodStart: start,
      periodEnd: end,
      cycleKey: `GRANT:${_id.toHexString()}`,
      seats: seatsOf(subscription),
    });
    period = { currentPeriodStart: start, endDate: end };
  }
  const set: Partial<SubscriptionDocument> = {
    status: 'ACTIVE',
    ...period,
    startDate: subscription.startDate ?? now,
    canceledAt: null,
    pendingPlanChange: subscription.pendingPlanChange?.kind === 'DOWNGRADE' ? subscription.pendingPlanChange : null,
  };
  const next = renewalIfDue(state, set, cancel);
  if (next) issue.push(next);
  return decision('ADMIN_ACTIVE', { set, cancel, issue, creditsDelta: heldCredits(subscription) });
}

export function decidePaymentMethod(state: LifecycleState, paymentMethod: PaymentMethod | undefined): Decision | null {
  transitionOf(phaseOf(state.subscription), 'PAYMENT_METHOD_CHANGED');
  if (paymentMethod === undefined || paymentMethod === state.subscription.paymentMethod) return null;
  return decision('PAYMENT_METHOD_CHANGED', {
    set: { paymentMethod },
    // Open charges get a payload for the new method when they are next shown.
    invoiceUpdates: openInvoices(state).map((invoice) => ({ _id: invoice._id, set: { pix: null } })),
  });
}
