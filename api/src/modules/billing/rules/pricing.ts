import type { PlanDocument } from '../../plans/documents';
import type { InvoiceDocument, SubscriptionDocument, SupersededPeriod } from '../documents';

/**
 * Prices, prorating and credits, without I/O: what a cycle costs for a number of seats, what the
 * paid time not yet enjoyed is worth, and what an upgrade charges once that time is credited.
 */

/** Seats of a subscription or invoice (documents written before laboratory accounts have none: 1). */
export function seatsOf(document: { seats?: number | undefined } | null | undefined): number {
  return document?.seats ?? 1;
}

/** Seats the subscription will have once its waiting change (if any) applies. */
export function targetSeats(subscription: SubscriptionDocument): number {
  return subscription.pendingPlanChange?.seats ?? seatsOf(subscription);
}

/** What a cycle of `plan` costs for `seats` seats (laboratory accounts pay per seat). */
export function priceFor(plan: Pick<PlanDocument, 'priceCents'>, seats: number): number {
  return plan.priceCents * seats;
}

/** Credits a paid cycle of `plan` grants for `seats` seats (to the manager's wallet). */
export function creditsFor(plan: Pick<PlanDocument, 'creditsPerCycle'>, seats: number): number {
  return plan.creditsPerCycle * seats;
}

/** PAID invoices with a period that was neither credited back (upgrade) nor forfeited (cancel now). */
export function livePaidPeriods(invoices: InvoiceDocument[]): InvoiceDocument[] {
  return invoices.filter(
    (invoice) => invoice.status === 'PAID' && !invoice.supersededAt && !invoice.forfeitedAt && invoice.periodStart && invoice.periodEnd,
  );
}

/** What a paid period was worth: what was paid for it plus the credit that paid the rest. GRANT: 0. */
export function periodValueCents(invoice: InvoiceDocument): number {
  if (invoice.kind === 'GRANT') return 0;
  return invoice.amountCents + (invoice.creditAppliedCents ?? 0);
}

export interface UnusedPeriod extends SupersededPeriod {
  /** Share of the period not yet enjoyed (0..1). */
  fraction: number;
}

/**
 * The paid time not enjoyed yet, period by period: its value credited pro rata (rounded to the
 * centavo) and its credits taken back rounded up, so credits kept never exceed money kept.
 */
export function unusedPaidTime(invoices: InvoiceDocument[], now: Date): UnusedPeriod[] {
  const result: UnusedPeriod[] = [];
  for (const invoice of invoices) {
    if (invoice.status !== 'PAID' || invoice.supersededAt || invoice.forfeitedAt) continue;
    if (!invoice.periodStart || !invoice.periodEnd || invoice.periodEnd <= now) continue;
    const total = invoice.periodEnd.getTime() - invoice.periodStart.getTime();
    if (total <= 0) continue;
    const unused = invoice.periodEnd.getTime() - Math.max(now.getTime(), invoice.periodStart.getTime());
    const fraction = Math.min(1, unused / total);
    result.push({
      invoiceId: invoice._id,
      fraction,
      creditedCents: Math.round(periodValueCents(invoice) * fraction),
      creditsTakenBack: Math.ceil(invoice.creditsGranted * fraction - 1e-9),
    });
  }
  return result;
}

export interface UpgradeQuote {
  amountCents: number;
  creditCents: number;
  /** Credits taken from the balance now (given back if the upgrade lapses). */
  creditsHeld: number;
  supersedes: SupersededPeriod[];
}

/**
 * An upgrade restarts the period on the new plan when paid. The paid, unused time is credited:
 * amount = new price − credit (at least 1 centavo). Its credits are held; if the member already
 * spent some, the credit shrinks in proportion (money is not credited for credits used).
 */
export function quoteUpgrade(invoices: InvoiceDocument[], now: Date, target: PlanDocument, availableCredits: number, seats = 1): UpgradeQuote {
  const targetPrice = priceFor(target, seats);
  const unused = unusedPaidTime(invoices, now);
  const wanted = unused.reduce((sum, period) => sum + period.creditsTakenBack, 0);
  const held = Math.min(Math.max(availableCredits, 0), wanted);
  const share = wanted > 0 ? held / wanted : 1;
  let remaining = held;
  const supersedes = unused.map((period): SupersededPeriod => {
    const takenBack = Math.min(remaining, period.creditsTakenBack);
    remaining -= takenBack;
    return { invoiceId: period.invoiceId, creditedCents: Math.floor(period.creditedCents * share), creditsTakenBack: takenBack };
  });
  const credit = supersedes.reduce((sum, period) => sum + period.creditedCents, 0);
  const amountCents = Math.max(1, targetPrice - credit);
  return { amountCents, creditCents: targetPrice - amountCents, creditsHeld: held, supersedes };
}
