import type { ApiResponse, Subscription } from '@clube/platform';

export type Plan = ApiResponse<'/v1/plans/'>['data'][number];
export type Invoice = ApiResponse<'/v1/subscriptions/{id}/invoices'>['data'][number];

const at = '2026-01-01T12:00:00.000Z';

export const MENSAL: Plan = { _id: '665000000000000000000001', externalPlanId: 'plan_mensal', name: 'Mensal', description: 'Mês a mês', features: ['Vídeos para assinantes'], interval: 'MONTHLY', priceCents: 8990, creditsPerCycle: 3, highlight: false, active: true, order: 1, createdAt: at, updatedAt: at };
export const TRIMESTRAL: Plan = { ...MENSAL, _id: '665000000000000000000002', externalPlanId: 'plan_trimestral', name: 'Trimestral', interval: 'QUARTERLY', priceCents: 23990, creditsPerCycle: 12, highlight: true, order: 2 };
export const ANUAL: Plan = { ...MENSAL, _id: '665000000000000000000003', externalPlanId: 'plan_anual', name: 'Anual', interval: 'YEARLY', priceCents: 86280, creditsPerCycle: 60, order: 3 };

const summary = (plan: Plan) => ({ _id: plan._id, externalPlanId: plan.externalPlanId, name: plan.name, interval: plan.interval, priceCents: plan.priceCents, creditsPerCycle: plan.creditsPerCycle });

/** A subscription as the API answers it: each cycle costs the plan price × seats and grants its credits × seats. */
export function subscriptionOf(plan: Plan, overrides: Partial<Subscription> = {}): Subscription {
  const seats = overrides.seats ?? 1;
  return {
    _id: '665000000000000000000a01',
    userId: 'harness-membro',
    planId: plan._id,
    externalPlanId: plan.externalPlanId,
    externalId: 'sub_sandbox_1',
    plan: summary(plan),
    status: 'ACTIVE',
    hasAccess: true,
    paymentMethod: 'PIX',
    startDate: '2026-01-01T12:00:00.000Z',
    currentPeriodStart: '2026-01-01T12:00:00.000Z',
    endDate: '2026-04-01T12:00:00.000Z',
    canceledAt: null,
    cancelRequest: null,
    pendingPlanChange: null,
    adminDecision: null,
    withdrawnAt: null,
    seats,
    cycleAmountCents: plan.priceCents * seats,
    cycleCredits: plan.creditsPerCycle * seats,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  } as Subscription;
}

export function invoiceOf(overrides: Partial<Invoice> = {}): Invoice {
  return {
    _id: '665000000000000000000b01',
    subscriptionId: '665000000000000000000a01',
    planId: MENSAL._id,
    kind: 'FIRST',
    status: 'PENDING',
    amountCents: 8990,
    creditsGranted: 0,
    description: 'Plano Mensal',
    dueDate: '2026-01-04T12:00:00.000Z',
    paidAt: null,
    periodStart: null,
    periodEnd: null,
    refundedAt: null,
    hasReceipt: (overrides.status ?? 'PENDING') === 'PAID',
    createdAt: at,
    ...overrides,
  } as Invoice;
}

export const page = <T,>(data: T[]) => ({ data, meta: { page: 1, limit: 10, total: data.length, totalPages: data.length ? 1 : 0 } });

/** A PNG data URL (1×1) standing in for the QR image. */
export const QR_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
