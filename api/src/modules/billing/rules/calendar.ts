import { DAY_MS } from './intervals';

/**
 * The billing calendar (see api/README.md, "Billing rules"):
 * - a checkout's (or reactivation's) first invoice is due FIRST_INVOICE_DUE_DAYS after it is
 *   opened; unpaid by then, the checkout expires (subscription CANCELED);
 * - a renewal invoice is issued RENEWAL_LEAD_DAYS before `endDate` and is due on `endDate`;
 *   unpaid by then, the subscription is PAUSED and `endDate` moves to the due date plus
 *   PAUSE_GRACE_DAYS: paid before that, ACTIVE again; not paid, CANCELED;
 * - an upgrade invoice is due UPGRADE_DUE_DAYS after the request; unpaid, the upgrade lapses
 *   and the current plan simply continues;
 * - a PIX payload can be paid for PIX_TTL_MS; an expired one is replaced on the next request.
 */
export const FIRST_INVOICE_DUE_DAYS = 3;
export const RENEWAL_LEAD_DAYS = 7;
export const PAUSE_GRACE_DAYS = 7;
export const UPGRADE_DUE_DAYS = 3;
export const PIX_TTL_MS = DAY_MS;

/**
 * An upgrade restarts the period on the new plan when paid; what is left of the current paid
 * period is credited: new price − current price × unused fraction (never below 1 centavo).
 */
export function upgradeChargeCents(input: {
  currentPriceCents: number;
  newPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): { amountCents: number; creditCents: number } {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  const remaining = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), Math.max(total, 0));
  const creditCents = total > 0 ? Math.round((input.currentPriceCents * remaining) / total) : 0;
  return { amountCents: Math.max(1, input.newPriceCents - creditCents), creditCents };
}

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const DATE = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });

/** "R$ 89,90" (with a plain space, so messages compare and wrap normally). */
export function formatBrl(cents: number): string {
  return BRL.format(cents / 100).replace(/\s/g, ' ');
}

/** DD/MM/YYYY in Brasília time. */
export function formatDate(date: Date): string {
  return DATE.format(date);
}
