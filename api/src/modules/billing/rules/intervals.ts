import type { PlanInterval } from '../documents';

const MONTHS: Record<PlanInterval, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

export const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Calendar months in UTC; the 31st of January plus one month is the last day of February. */
export function addInterval(date: Date, interval: PlanInterval, cycles = 1): Date {
  const months = MONTHS[interval] * cycles;
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export const INTERVAL_LABELS: Record<PlanInterval, string> = { MONTHLY: 'mês', QUARTERLY: 'trimestre', YEARLY: 'ano' };
