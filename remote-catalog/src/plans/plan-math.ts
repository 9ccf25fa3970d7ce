import type { ApiResponse } from '@clube/platform';
import { planIntervalMonths } from '@clube/platform/subscription-words';

export type Plan = ApiResponse<'/v1/plans/'>['data'][number];

/** What the plan costs a month, in cents (rounded). */
export function monthlyEquivalentCents(plan: Plan): number {
  return Math.round(plan.priceCents / planIntervalMonths(plan.interval));
}

import { MAX_SEATS } from '@clube/kit/ui/seats-input';

/** From this many seats a subscription is a laboratory account. */
export const MIN_TEAM_SEATS = 2;

/** The seats typed in the calculator, or null when it is not a whole number from 1 to MAX_SEATS. */
export function seatsOf(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const seats = Number(text);
  return seats >= 1 && seats <= MAX_SEATS ? seats : null;
}

/** What a longer plan saves against paying the monthly plan for as long: cents and whole percent; null when nothing. */
export function savingAgainstMonthly(plan: Plan, plans: readonly Plan[]): { cents: number; percent: number } | null {
  const monthly = plans.find((candidate) => candidate.interval === 'MONTHLY');
  if (!monthly || plan.interval === 'MONTHLY') return null;
  const full = monthly.priceCents * planIntervalMonths(plan.interval);
  const cents = full - plan.priceCents;
  if (cents <= 0) return null;
  return { cents, percent: Math.round((cents / full) * 100) };
}
