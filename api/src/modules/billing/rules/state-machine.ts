import { conflict } from '../../../http/app-error';
import type { SubscriptionDocument, SubscriptionStatus } from '../documents';
import { refusalMessage } from './messages';

/**
 * The subscription state machine: the phases a person sees, the events that move between them and
 * who may cause each (TRANSITIONS, the table api/src/modules/billing/README.md shows). Anything not
 * listed is a 409 with a Portuguese sentence (messages.ts). The decisions (lifecycle.ts,
 * plan-change.ts) ask `transitionOf` before they decide anything.
 */

/** Drives the partial unique index "one open subscription per user" (see collections.ts). */
export function isOpenSubscriptionStatus(status: SubscriptionStatus): boolean {
  return status !== 'CANCELED';
}

/** The state as a person sees it: ACTIVE with a cancel request is its own phase. */
export type Phase = 'NONE' | 'PENDING' | 'ACTIVE' | 'CANCEL_REQUESTED' | 'PAUSED' | 'CANCELED';

export type LifecycleEvent =
  | 'CHECKOUT'
  | 'FIRST_PAID'
  | 'FIRST_EXPIRED'
  | 'PLAN_SWITCHED'
  | 'RENEWAL_ISSUED'
  | 'RENEWAL_PAID'
  | 'RENEWAL_OVERDUE'
  | 'GRACE_ENDED'
  | 'CANCEL_REQUESTED'
  | 'CANCEL_UNDONE'
  | 'REQUESTED_PERIOD_ENDED'
  | 'CANCELED_NOW'
  | 'REACTIVATED'
  | 'UPGRADE_REQUESTED'
  | 'UPGRADE_PAID'
  | 'UPGRADE_LAPSED'
  | 'DOWNGRADE_REQUESTED'
  | 'PLAN_CHANGE_REVERTED'
  | 'PAYMENT_METHOD_CHANGED'
  | 'ADMIN_ACTIVE'
  | 'ADMIN_PAUSED'
  | 'WITHDRAWN';

export interface Transition {
  from: Phase;
  event: LifecycleEvent;
  to: Phase;
  by: 'member' | 'owner' | 'member or admin' | 'admin' | 'gateway' | 'job';
  effect: string;
}

/** Every allowed transition; anything else is a 409 (see `transitionOf`). modules/billing/README.md shows this table. */
export const TRANSITIONS: readonly Transition[] = [
  { from: 'NONE', event: 'CHECKOUT', to: 'PENDING', by: 'member', effect: 'FIRST invoice at the plan price, due in 3 days' },
  { from: 'PENDING', event: 'FIRST_PAID', to: 'ACTIVE', by: 'gateway', effect: 'period = payment + interval; credits += creditsPerCycle' },
  { from: 'PENDING', event: 'FIRST_EXPIRED', to: 'CANCELED', by: 'job', effect: 'unpaid after its due date: checkout expired' },
  { from: 'PENDING', event: 'PLAN_SWITCHED', to: 'PENDING', by: 'member or admin', effect: 'open FIRST invoice replaced by one at the new price' },
  { from: 'PENDING', event: 'CANCELED_NOW', to: 'CANCELED', by: 'member or admin', effect: 'open invoices canceled' },
  { from: 'PENDING', event: 'PAYMENT_METHOD_CHANGED', to: 'PENDING', by: 'member or admin', effect: 'open charges get a new payload' },
  { from: 'PENDING', event: 'ADMIN_ACTIVE', to: 'ACTIVE', by: 'admin', effect: 'open invoices waived; GRANT period from now (no credits)' },
  { from: 'PENDING', event: 'ADMIN_PAUSED', to: 'PAUSED', by: 'admin', effect: 'endDate = now + 7 days' },
  { from: 'ACTIVE', event: 'RENEWAL_ISSUED', to: 'ACTIVE', by: 'job', effect: '7 days before endDate: RENEWAL for [endDate, endDate + interval], due on endDate (downgrade target price if one waits)' },
  { from: 'ACTIVE', event: 'RENEWAL_PAID', to: 'ACTIVE', by: 'gateway', effect: 'endDate = end of the paid period; credits += creditsPerCycle; a waiting downgrade takes effect' },
  { from: 'ACTIVE', event: 'RENEWAL_OVERDUE', to: 'PAUSED', by: 'job', effect: 'renewal unpaid after endDate: no access; endDate = due date + 7 days (deadline to pay)' },
  { from: 'ACTIVE', event: 'CANCEL_REQUESTED', to: 'CANCEL_REQUESTED', by: 'owner', effect: 'open RENEWAL/UPGRADE canceled, held credits returned; access until endDate' },
  { from: 'ACTIVE', event: 'UPGRADE_REQUESTED', to: 'ACTIVE', by: 'member or admin', effect: 'UPGRADE invoice = new price − credit for the paid unused time; its credits leave the balance only when paid; open renewal canceled' },
  { from: 'ACTIVE', event: 'UPGRADE_PAID', to: 'ACTIVE', by: 'gateway', effect: 'new plan, period = payment + interval; superseded periods credited; credits += new creditsPerCycle' },
  { from: 'ACTIVE', event: 'UPGRADE_LAPSED', to: 'ACTIVE', by: 'job', effect: 'upgrade invoice canceled, held credits returned, renewal issued if due' },
  { from: 'ACTIVE', event: 'DOWNGRADE_REQUESTED', to: 'ACTIVE', by: 'member or admin', effect: 'nothing charged now; the renewal is issued (or re-issued) at the new price' },
  { from: 'ACTIVE', event: 'PLAN_CHANGE_REVERTED', to: 'ACTIVE', by: 'member or admin', effect: 'pending change undone: upgrade invoice canceled and credits returned, or renewal back at the current price' },
  { from: 'ACTIVE', event: 'CANCELED_NOW', to: 'CANCELED', by: 'member or admin', effect: 'open invoices canceled; paid unused time forfeited' },
  { from: 'ACTIVE', event: 'PAYMENT_METHOD_CHANGED', to: 'ACTIVE', by: 'member or admin', effect: 'open charges get a new payload' },
  { from: 'ACTIVE', event: 'ADMIN_PAUSED', to: 'PAUSED', by: 'admin', effect: 'endDate kept (if future); pending upgrade undone' },
  { from: 'ACTIVE', event: 'WITHDRAWN', to: 'CANCELED', by: 'owner', effect: 'first purchase, within 7 days of its payment (art. 49 CDC): access ends now; every payment REFUNDED through the gateway; their credits taken back' },
  { from: 'CANCEL_REQUESTED', event: 'CANCEL_UNDONE', to: 'ACTIVE', by: 'member or admin', effect: 'request removed; renewal issued at once if inside the 7-day window' },
  { from: 'CANCEL_REQUESTED', event: 'REQUESTED_PERIOD_ENDED', to: 'CANCELED', by: 'job', effect: 'endDate passed' },
  { from: 'CANCEL_REQUESTED', event: 'REACTIVATED', to: 'PENDING', by: 'member or admin', effect: 'period already over: new FIRST invoice' },
  { from: 'CANCEL_REQUESTED', event: 'CANCELED_NOW', to: 'CANCELED', by: 'member or admin', effect: 'as from ACTIVE' },
  { from: 'CANCEL_REQUESTED', event: 'PAYMENT_METHOD_CHANGED', to: 'CANCEL_REQUESTED', by: 'member or admin', effect: 'open charges get a new payload' },
  { from: 'CANCEL_REQUESTED', event: 'ADMIN_PAUSED', to: 'PAUSED', by: 'admin', effect: 'endDate kept (if future)' },
  { from: 'CANCEL_REQUESTED', event: 'WITHDRAWN', to: 'CANCELED', by: 'owner', effect: 'as from ACTIVE' },
  { from: 'PAUSED', event: 'RENEWAL_PAID', to: 'ACTIVE', by: 'gateway', effect: 'ACTIVE until the end of the paid period; credits += creditsPerCycle' },
  { from: 'PAUSED', event: 'FIRST_PAID', to: 'ACTIVE', by: 'gateway', effect: 'a checkout an admin paused, paid: as from PENDING' },
  { from: 'PAUSED', event: 'GRACE_ENDED', to: 'CANCELED', by: 'job', effect: 'endDate passed: open invoices canceled' },
  { from: 'PAUSED', event: 'CANCELED_NOW', to: 'CANCELED', by: 'member or admin', effect: 'open invoices canceled' },
  { from: 'PAUSED', event: 'PAYMENT_METHOD_CHANGED', to: 'PAUSED', by: 'member or admin', effect: 'open charges get a new payload' },
  { from: 'PAUSED', event: 'ADMIN_ACTIVE', to: 'ACTIVE', by: 'admin', effect: 'open invoices waived; GRANT of the overdue renewal period (or from now)' },
  { from: 'CANCELED', event: 'REACTIVATED', to: 'PENDING', by: 'member or admin', effect: 'new FIRST invoice; the cycle starts when paid' },
  { from: 'CANCELED', event: 'ADMIN_ACTIVE', to: 'ACTIVE', by: 'admin', effect: 'GRANT period from now (no credits)' },
  { from: 'CANCELED', event: 'ADMIN_PAUSED', to: 'PAUSED', by: 'admin', effect: 'reopened without access; endDate = now + 7 days' },
];

export function phaseOf(subscription: Pick<SubscriptionDocument, 'status' | 'cancelRequest'> | null): Phase {
  if (!subscription) return 'NONE';
  if (subscription.status === 'ACTIVE' && subscription.cancelRequest) return 'CANCEL_REQUESTED';
  return subscription.status;
}

/** A 409 INVALID_TRANSITION with the sentence that explains it (messages.ts). */
export const invalidTransition = (message: string) => conflict(message, 'INVALID_TRANSITION');

/** The row for (phase, event), or the 409 that explains why not. */
export function transitionOf(phase: Phase, event: LifecycleEvent): Transition {
  const row = TRANSITIONS.find((candidate) => candidate.from === phase && candidate.event === event);
  if (!row) throw invalidTransition(refusalMessage(phase, event));
  return row;
}

/** The status an admin may set (PATCH /subscriptions/status): any other, but never PENDING. */
export type AdminStatus = Exclude<SubscriptionStatus, 'PENDING'>;

/** The event each admin status goes through (CANCELED is the same "cancel now" a member has). */
const ADMIN_EVENTS: Record<AdminStatus, LifecycleEvent> = { ACTIVE: 'ADMIN_ACTIVE', PAUSED: 'ADMIN_PAUSED', CANCELED: 'CANCELED_NOW' };

/**
 * The statuses an admin may set on this subscription now, read from TRANSITIONS (the admin's
 * buttons come from here, not from a copy of the table).
 */
export function allowedStatusChanges(subscription: Pick<SubscriptionDocument, 'status' | 'cancelRequest'>): AdminStatus[] {
  const phase = phaseOf(subscription);
  return (Object.keys(ADMIN_EVENTS) as AdminStatus[]).filter(
    (status) => status !== subscription.status && TRANSITIONS.some((row) => row.from === phase && row.event === ADMIN_EVENTS[status]),
  );
}
