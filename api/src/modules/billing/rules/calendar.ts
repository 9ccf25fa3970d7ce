import type { PlanInterval } from '../../plans/documents';

/** Months in each plan interval (a price ÷ this is its monthly value, the MRR of admin metrics). */
export const INTERVAL_MONTHS: Record<PlanInterval, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

export const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Calendar months in UTC; the 31st of January plus one month is the last day of February. */
export function addInterval(date: Date, interval: PlanInterval, cycles = 1): Date {
  const months = INTERVAL_MONTHS[interval] * cycles;
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The billing calendar (see modules/billing/README.md):
 * - a checkout's (or reactivation's) first invoice is due FIRST_INVOICE_DUE_DAYS after it is
 *   opened; unpaid by then, the checkout expires (subscription CANCELED);
 * - a renewal invoice is issued RENEWAL_LEAD_DAYS before `endDate` and is due on `endDate`;
 *   unpaid by then, the subscription is PAUSED and `endDate` moves to the due date plus
 *   PAUSE_GRACE_DAYS: paid before that, ACTIVE again; not paid, CANCELED;
 * - an upgrade invoice is due UPGRADE_DUE_DAYS after the request; unpaid, the upgrade lapses
 *   and the current plan simply continues;
 * - a PIX payload can be paid for 24 h (the payment gateway's PIX_TTL_MS); an expired one is
 *   replaced on the next request.
 */
export const FIRST_INVOICE_DUE_DAYS = 3;
export const RENEWAL_LEAD_DAYS = 7;
export const PAUSE_GRACE_DAYS = 7;
export const UPGRADE_DUE_DAYS = 3;
