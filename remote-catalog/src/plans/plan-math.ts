import type { ApiResponse } from '@clube/platform';

export type Plan = ApiResponse<'/v1/plans/'>['data'][number];

export const MONTHS: Record<Plan['interval'], number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };
export const INTERVAL_LABEL: Record<Plan['interval'], string> = { MONTHLY: 'por mês', QUARTERLY: 'por trimestre', YEARLY: 'por ano' };

/** What the plan costs a month, in cents (rounded). */
export function monthlyEquivalentCents(plan: Plan): number {
  return Math.round(plan.priceCents / MONTHS[plan.interval]);
}

/** What a longer plan saves against paying the monthly plan for as long: cents and whole percent; null when nothing. */
export function savingAgainstMonthly(plan: Plan, plans: readonly Plan[]): { cents: number; percent: number } | null {
  const monthly = plans.find((candidate) => candidate.interval === 'MONTHLY');
  if (!monthly || plan.interval === 'MONTHLY') return null;
  const full = monthly.priceCents * MONTHS[plan.interval];
  const cents = full - plan.priceCents;
  if (cents <= 0) return null;
  return { cents, percent: Math.round((cents / full) * 100) };
}
