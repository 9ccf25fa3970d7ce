import type { Plan } from './api/get-plans';

const INTERVAL_WORDS: Record<Plan['interval'], { every: string; months: number }> = {
  MONTHLY: { every: 'por mês', months: 1 },
  QUARTERLY: { every: 'por trimestre', months: 3 },
  YEARLY: { every: 'por ano', months: 12 },
};

/** "por mês", "por trimestre", "por ano". */
export function intervalWords(interval: Plan['interval']): string {
  return INTERVAL_WORDS[interval].every;
}

export function monthsOf(interval: Plan['interval']): number {
  return INTERVAL_WORDS[interval].months;
}

export function creditsWords(credits: number): string {
  return credits === 1 ? '1 crédito' : `${credits} créditos`;
}
