// `@clube/platform/subscription-words`: the one home of the words for a subscription's status and a
// plan's billing interval, used by every remote and the kit's StatusBadge. Like `@clube/platform/data`
// it holds no state and is bundled by each frontend that imports it (the shell carries none of it);
// types come from the singleton by its package name.
import type { ApiResponse, SubscriptionStatus } from '@clube/platform';

export type { SubscriptionStatus };
export type PlanInterval = ApiResponse<'/v1/plans/'>['data'][number]['interval'];

/** How a status is coloured wherever it is shown (the kit's badge tones). */
export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

/**
 * PRODUCT.md §4: PENDING awaits the first payment, PAUSED is a payment overdue (access suspended),
 * CANCELED is ours. `one` names one subscription ("Sua assinatura: Ativa", a badge, "Ela está
 * cancelada" in lower case), `many` a filter of a list ("Pausadas").
 */
const STATUS: Record<SubscriptionStatus, { one: string; many: string; tone: StatusTone }> = {
  PENDING: { one: 'Aguardando pagamento', many: 'Aguardando pagamento', tone: 'warning' },
  ACTIVE: { one: 'Ativa', many: 'Ativas', tone: 'success' },
  PAUSED: { one: 'Pausada por falta de pagamento', many: 'Pausadas', tone: 'danger' },
  CANCELED: { one: 'Cancelada', many: 'Canceladas', tone: 'neutral' },
};

/** Every status, in the order of a subscription's life (the admin's filter lists them so). */
export const SUBSCRIPTION_STATUSES = Object.keys(STATUS) as SubscriptionStatus[];

/** "Ativa", "Aguardando pagamento", "Pausada por falta de pagamento", "Cancelada". */
export const subscriptionStatusLabel = (status: SubscriptionStatus): string => STATUS[status].one;

/** "Ativas", "Aguardando pagamento", "Pausadas", "Canceladas": a list filtered by status. */
export const subscriptionStatusPlural = (status: SubscriptionStatus): string => STATUS[status].many;

export const subscriptionStatusTone = (status: SubscriptionStatus): StatusTone => STATUS[status].tone;

const INTERVAL: Record<PlanInterval, { name: string; every: string; months: number }> = {
  MONTHLY: { name: 'Mensal', every: 'por mês', months: 1 },
  QUARTERLY: { name: 'Trimestral', every: 'por trimestre', months: 3 },
  YEARLY: { name: 'Anual', every: 'por ano', months: 12 },
};

/** "Mensal", "Trimestral", "Anual". */
export const planIntervalName = (interval: PlanInterval): string => INTERVAL[interval].name;

/** "Clube (trimestral)": a plan named with its interval, as the admin's tables and filters list them. */
export const planWithInterval = (plan: { name: string; interval: PlanInterval }): string => `${plan.name} (${planIntervalName(plan.interval).toLowerCase()})`;

/** "por mês", "por trimestre", "por ano": after a price. */
export const planIntervalEvery = (interval: PlanInterval): string => INTERVAL[interval].every;

/** How many months one billing cycle covers (a plan's monthly equivalent, its saving against the monthly plan). */
export const planIntervalMonths = (interval: PlanInterval): number => INTERVAL[interval].months;
