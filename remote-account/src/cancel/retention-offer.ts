import { planIntervalMonths, type PlanInterval } from '@clube/platform/subscription-words';

type Priced = { priceCents: number; interval: PlanInterval };

/** What a plan costs the laboratory per month, in cents, exact (no rounding between two plans a centavo apart). */
export const perMonthCents = (plan: Priced, seats: number): number => (plan.priceCents * seats) / planIntervalMonths(plan.interval);

/**
 * The plan offered to a member who finds the club expensive (issue 25): only an active plan that costs
 * them less both per month and per cycle — never a shorter cycle that costs more per month — and of
 * those the nearest step down (the highest monthly cost). `null`: nothing cheaper, no offer.
 */
export function retentionOffer<P extends Priced & { active: boolean }>(current: { plan: Priced; seats: number }, plans: readonly P[]): P | null {
  const { plan, seats } = current;
  const eligible = plans.filter(
    (candidate) => candidate.active && perMonthCents(candidate, seats) < perMonthCents(plan, seats) && candidate.priceCents * seats < plan.priceCents * seats,
  );
  return eligible.reduce<P | null>((best, candidate) => (best && perMonthCents(best, seats) >= perMonthCents(candidate, seats) ? best : candidate), null);
}
