import type { ObjectId } from 'mongodb';
import { conflict } from '../../../http/app-error';
import type { PlanDocument } from '../../plans/documents';
import type { PendingPlanChange, SubscriptionDocument } from '../documents';
import { addDays, UPGRADE_DUE_DAYS } from './calendar';
import { decision, firstInvoice, idOf, openInvoices, planOf, renewalIfDue, renewalInvoice, undoPendingChange, type Decision, type LifecycleState } from './decision';
import { downgradeMessage, INVOICE_DESCRIPTIONS, MESSAGES, upgradeMessage } from './messages';
import { creditsFor, priceFor, quoteUpgrade, seatsOf } from './pricing';
import { invalidTransition, phaseOf, transitionOf } from './state-machine';

/**
 * A change of plan and/or seats, and its preview (the same function, without writing): upgrade
 * (charged now, prorated), downgrade (from the next cycle), switch (a checkout not paid yet) or
 * undoing the change that waits.
 */

export type PlanChangeKind = 'UPGRADE' | 'DOWNGRADE' | 'IMMEDIATE' | 'REVERTED';

export interface PlanChange {
  kind: PlanChangeKind;
  fromPlan: PlanDocument;
  toPlan: PlanDocument;
  /** Seats before and after the change (laboratory accounts; 1 for a single member). */
  fromSeats: number;
  toSeats: number;
  /** Charged by this change (0 when nothing is charged). */
  amountCents: number;
  /** Value of the paid, unused time discounted from an upgrade. */
  creditCents: number;
  /** When that amount is charged: now for an upgrade, the next cycle for a downgrade. */
  chargedAt: Date | null;
  dueDate: Date | null;
  /** When the new plan starts; null for an upgrade: on payment. */
  effectiveAt: Date | null;
  invoiceId: ObjectId | null;
  /** Credits now, and after the change takes effect (an upgrade holds the unused time's credits). */
  creditsNow: number;
  /** Upgrade: credits of the unused paid days that leave the balance when it is paid (their value is discounted from the price); 0 otherwise. */
  creditsTakenBack: number;
  creditsAfter: number;
  message: string;
}

export interface PlanChangeDecision {
  decision: Decision | null;
  change: PlanChange;
}

/** The change already waiting for `target` (asking again answers the same change, nothing new). */
function describePending(state: LifecycleState, current: PlanDocument, target: PlanDocument, pending: PendingPlanChange): PlanChange {
  const balance = state.credits.balance;
  const fromSeats = seatsOf(state.subscription);
  const toSeats = pending.seats ?? fromSeats;
  if (pending.kind === 'UPGRADE') {
    const invoice = state.invoices.find((candidate) => pending.invoiceId && candidate._id.equals(pending.invoiceId));
    const amountCents = invoice?.amountCents ?? 0;
    const creditCents = pending.creditCents ?? Math.max(0, priceFor(target, toSeats) - amountCents);
    const dueDate = invoice?.dueDate ?? state.now;
    return {
      kind: 'UPGRADE',
      fromPlan: current,
      toPlan: target,
      fromSeats,
      toSeats,
      amountCents,
      creditCents,
      chargedAt: pending.requestedAt,
      dueDate,
      effectiveAt: null,
      invoiceId: invoice?._id ?? null,
      creditsNow: balance,
      creditsTakenBack: pending.creditsTakenOnPayment ?? 0,
      creditsAfter: balance - (pending.creditsTakenOnPayment ?? 0) + creditsFor(target, toSeats),
      message: upgradeMessage(current, fromSeats, target, toSeats, amountCents, creditCents, dueDate, pending.creditsTakenOnPayment ?? 0),
    };
  }
  const effectiveAt = pending.effectiveAt ?? state.subscription.endDate;
  return {
    kind: 'DOWNGRADE',
    fromPlan: current,
    toPlan: target,
    fromSeats,
    toSeats,
    amountCents: priceFor(target, toSeats),
    creditCents: 0,
    chargedAt: effectiveAt,
    dueDate: effectiveAt,
    effectiveAt,
    invoiceId: null,
    creditsNow: balance,
    creditsTakenBack: 0,
    creditsAfter: balance + creditsFor(target, toSeats),
    message: downgradeMessage(current, fromSeats, target, toSeats, effectiveAt),
  };
}

/**
 * A change of plan and/or seats. More value per cycle (price × seats) is an upgrade, charged now
 * prorated; less is a downgrade from the next cycle; `seats` defaults to the current seats.
 * (Refusing fewer seats than are in use is the use case's: it knows the laboratory account.)
 */
export function decidePlanChange(state: LifecycleState, target: PlanDocument, requestedSeats?: number): PlanChangeDecision {
  const { subscription, now } = state;
  const phase = phaseOf(subscription);
  const current = planOf(state, subscription.planId);
  const pending = subscription.pendingPlanChange;
  const balance = state.credits.balance;
  const fromSeats = seatsOf(subscription);
  const toSeats = requestedSeats ?? fromSeats;

  if (target._id.equals(current._id) && toSeats === fromSeats) {
    if (!pending && phase !== 'CANCELED') {
      throw invalidTransition(MESSAGES.alreadyOnPlan(current, fromSeats));
    }
    transitionOf(phase, 'PLAN_CHANGE_REVERTED');
    const undo = undoPendingChange(state);
    return {
      decision: decision('PLAN_CHANGE_REVERTED', { set: { pendingPlanChange: null }, ...undo, issue: undo.issue }),
      change: {
        kind: 'REVERTED',
        fromPlan: current,
        toPlan: current,
        fromSeats,
        toSeats,
        amountCents: 0,
        creditCents: 0,
        chargedAt: null,
        dueDate: null,
        effectiveAt: null,
        invoiceId: null,
        creditsNow: balance,
        creditsTakenBack: 0,
        creditsAfter: balance + undo.creditsDelta,
        message: MESSAGES.changeReverted(current, fromSeats),
      },
    };
  }

  if (phase === 'PENDING') {
    transitionOf(phase, 'PLAN_SWITCHED');
    if (!target.active) throw conflict(MESSAGES.planUnavailable, 'PLAN_UNAVAILABLE');
    // Nothing was paid yet: the checkout simply switches plan (and seats) and its first invoice follows.
    const invoice = firstInvoice(state, target, toSeats);
    return {
      decision: decision('PLAN_SWITCHED', {
        set: { planId: target._id, externalPlanId: target.externalPlanId, seats: toSeats },
        cancel: openInvoices(state).map((open) => open._id),
        issue: [invoice],
      }),
      change: {
        kind: 'IMMEDIATE',
        fromPlan: current,
        toPlan: target,
        fromSeats,
        toSeats,
        amountCents: invoice.amountCents,
        creditCents: 0,
        chargedAt: now,
        dueDate: invoice.dueDate,
        effectiveAt: null,
        invoiceId: invoice._id,
        creditsNow: balance,
        creditsTakenBack: 0,
        creditsAfter: balance + creditsFor(target, toSeats),
        message: MESSAGES.planSwitched(target, toSeats, invoice.amountCents, invoice.dueDate),
      },
    };
  }

  const isUpgrade = priceFor(target, toSeats) > priceFor(current, fromSeats);
  transitionOf(phase, isUpgrade ? 'UPGRADE_REQUESTED' : 'DOWNGRADE_REQUESTED');
  if (pending && pending.planId.equals(target._id) && (pending.seats ?? fromSeats) === toSeats) {
    return { decision: null, change: describePending(state, current, target, pending) };
  }
  if (!target.active) throw conflict(MESSAGES.planUnavailable, 'PLAN_UNAVAILABLE');
  const undo = undoPendingChange(state);

  if (isUpgrade) {
    // The renewal of the current plan is void: the upgrade starts a new period when paid.
    const openRenewals = openInvoices(state, ['RENEWAL']).filter((invoice) => !undo.cancel.some((id) => id.equals(invoice._id)));
    // (a downgrade's re-priced renewal is in undo.cancel; its replacement at the current price is not issued)
    const quote = quoteUpgrade(state.invoices, now, target, balance + undo.creditsDelta, toSeats);
    const _id = idOf(state);
    const endDate = subscription.endDate ?? now;
    const dueDate = new Date(Math.max(now.getTime(), Math.min(addDays(now, UPGRADE_DUE_DAYS).getTime(), endDate.getTime())));
    const change: PendingPlanChange = {
      kind: 'UPGRADE',
      planId: target._id,
      externalPlanId: target.externalPlanId,
      requestedAt: now,
      invoiceId: _id,
      effectiveAt: null,
      creditCents: quote.creditCents,
      // Nothing leaves the balance before the upgrade is paid (issue 25): these credits are taken then.
      creditsTakenOnPayment: quote.creditsHeld,
      supersedes: quote.supersedes,
      seats: toSeats,
    };
    return {
      decision: decision('UPGRADE_REQUESTED', {
        set: { pendingPlanChange: change },
        cancel: [...undo.cancel, ...openRenewals.map((invoice) => invoice._id)],
        issue: [
          {
            _id,
            kind: 'UPGRADE',
            planId: target._id,
            amountCents: quote.amountCents,
            dueDate,
            description: INVOICE_DESCRIPTIONS.upgrade(target, toSeats),
            periodStart: null,
            periodEnd: null,
            cycleKey: `UPGRADE:${_id.toHexString()}`,
            creditAppliedCents: quote.creditCents,
            seats: toSeats,
          },
        ],
        creditsDelta: undo.creditsDelta,
      }),
      change: {
        kind: 'UPGRADE',
        fromPlan: current,
        toPlan: target,
        fromSeats,
        toSeats,
        amountCents: quote.amountCents,
        creditCents: quote.creditCents,
        chargedAt: now,
        dueDate,
        effectiveAt: null,
        invoiceId: _id,
        creditsNow: balance + undo.creditsDelta,
        creditsTakenBack: quote.creditsHeld,
        creditsAfter: balance + undo.creditsDelta - quote.creditsHeld + creditsFor(target, toSeats),
        message: upgradeMessage(current, fromSeats, target, toSeats, quote.amountCents, quote.creditCents, dueDate, quote.creditsHeld),
      },
    };
  }

  const change: PendingPlanChange = {
    kind: 'DOWNGRADE',
    planId: target._id,
    externalPlanId: target.externalPlanId,
    requestedAt: now,
    invoiceId: null,
    effectiveAt: subscription.endDate,
    seats: toSeats,
  };
  const set: Partial<SubscriptionDocument> = { pendingPlanChange: change };
  // A renewal already issued for the current plan is re-issued at the new price (same cycle).
  const stale = openInvoices(state, ['RENEWAL']).filter((invoice) => invoice.status === 'PENDING');
  const cancel = [...undo.cancel, ...stale.filter((invoice) => !undo.cancel.some((id) => id.equals(invoice._id))).map((invoice) => invoice._id)];
  const reissued = stale.map((invoice) => renewalInvoice(state, target, invoice.periodStart ?? invoice.dueDate, toSeats));
  const due = renewalIfDue(state, set, cancel);
  const issue = [...reissued, ...(due && !reissued.some((spec) => spec.cycleKey === due.cycleKey) ? [due] : [])];
  return {
    decision: decision('DOWNGRADE_REQUESTED', { set, cancel, issue, creditsDelta: undo.creditsDelta }),
    change: describePending({ ...state, credits: { ...state.credits, balance: balance + undo.creditsDelta } }, current, target, change),
  };
}
