import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { addDays, addInterval } from '../../src/modules/billing/rules/calendar';
import { decideAdminStatus, decideCancelNow, decideCancelRequest, decideCheckout, decideEnd, decideOverdue, decidePayment, decidePaymentMethod, decideReactivate, decideRenewal } from '../../src/modules/billing/rules/lifecycle';
import { decideWithdrawal } from '../../src/modules/billing/rules/withdrawal';
import { decidePlanChange } from '../../src/modules/billing/rules/plan-change';
import { phaseOf, TRANSITIONS, type LifecycleEvent, type Phase, type Transition } from '../../src/modules/billing/rules/state-machine';
import { quoteUpgrade } from '../../src/modules/billing/rules/pricing';
import type { Decision, LifecycleState } from '../../src/modules/billing/rules/decision';
import type { InvoiceDocument, InvoiceKind, SubscriptionDocument } from '../../src/modules/billing/documents';
import type { PlanDocument, PlanInterval } from '../../src/modules/plans/documents';
import { AppError } from '../../src/http/app-error';

/** Unit tests of the pure lifecycle: one per row of the transition table, plus refusals and arithmetic. */
const NOW = new Date('2026-05-05T12:00:00.000Z');

function plan(name: string, priceCents: number, creditsPerCycle: number, interval: PlanInterval): PlanDocument {
  return {
    _id: new ObjectId(),
    name,
    description: '',
    priceCents,
    interval,
    creditsPerCycle,
    features: [],
    externalPlanId: `sbx_${name.toLowerCase()}`,
    active: true,
    highlight: false,
    order: 1,
    createdAt: NOW,
    updatedAt: NOW,
  };
}
const MENSAL = plan('Mensal', 8990, 3, 'MONTHLY');
const ANUAL = plan('Anual', 86280, 60, 'YEARLY');
const PLANS = new Map([MENSAL, ANUAL].map((p) => [p._id.toHexString(), p]));

function invoice(kind: InvoiceKind, fields: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const _id = new ObjectId();
  return {
    _id,
    subscriptionId: new ObjectId(),
    userId: new ObjectId(),
    planId: MENSAL._id,
    kind,
    cycleKey: `${kind}:${_id.toHexString()}`,
    amountCents: 8990,
    description: '',
    dueDate: addDays(NOW, 3),
    status: 'PENDING',
    paidAt: null,
    periodStart: null,
    periodEnd: null,
    externalId: `sbx_${_id.toHexString()}`,
    pix: null,
    creditsGranted: 0,
    createdAt: NOW,
    updatedAt: NOW,
    ...fields,
  };
}

/** A paid month around NOW: started 10 days ago. */
const paidMonth = (start = addDays(NOW, -10)) =>
  invoice('FIRST', { status: 'PAID', paidAt: start, periodStart: start, periodEnd: addInterval(start, 'MONTHLY'), creditsGranted: 3 });

/** A subscription in `phase` on Mensal with what that phase usually holds. */
function stateIn(phase: Phase, tweak: (state: LifecycleState) => void = () => {}): LifecycleState {
  const first = paidMonth();
  const subscription: SubscriptionDocument = {
    _id: new ObjectId(),
    userId: new ObjectId(),
    planId: MENSAL._id,
    externalPlanId: MENSAL.externalPlanId,
    externalId: 'sbx_sub',
    externalCustomerId: 'sbx_cus',
    paymentMethod: 'PIX',
    status: phase === 'CANCEL_REQUESTED' ? 'ACTIVE' : phase === 'NONE' ? 'PENDING' : phase,
    isOpen: phase !== 'CANCELED',
    startDate: phase === 'PENDING' ? null : first.periodStart,
    currentPeriodStart: phase === 'PENDING' ? null : first.periodStart,
    endDate: phase === 'PENDING' ? null : first.periodEnd,
    cancelRequest: phase === 'CANCEL_REQUESTED' ? { reason: 'Preço', comment: null, requestedAt: NOW } : null,
    canceledAt: phase === 'CANCELED' ? NOW : null,
    pendingPlanChange: null,
    createdAt: NOW,
    updatedAt: NOW,
  };
  const invoices = phase === 'PENDING' ? [invoice('FIRST')] : phase === 'CANCELED' ? [] : [first];
  const state: LifecycleState = { now: NOW, subscription, invoices, plans: PLANS, credits: { balance: 3, used: 0 } };
  tweak(state);
  return state;
}

const setEnd = (end: Date) => (state: LifecycleState) => {
  state.subscription.endDate = end;
};

/** How to bring about each event from a state in `from`, and what the lifecycle decides. */
function run(row: Transition): { decision: Decision | null; after: Phase } {
  const apply = (state: LifecycleState, decision: Decision | null) => ({
    decision,
    after: phaseOf({ ...state.subscription, ...(decision?.set ?? {}) }),
  });
  const event: LifecycleEvent = row.event;
  switch (event) {
    case 'CHECKOUT': {
      const first = decideCheckout(NOW, MENSAL);
      expect(first).toMatchObject({ kind: 'FIRST', amountCents: 8990 });
      return { decision: null, after: 'PENDING' };
    }
    case 'FIRST_PAID': {
      const state = stateIn(row.from, (s) => {
        s.invoices = [invoice('FIRST')];
      });
      return apply(state, decidePayment(state, state.invoices[0]!, NOW));
    }
    case 'FIRST_EXPIRED': {
      const state = stateIn('PENDING', (s) => {
        s.invoices[0]!.dueDate = addDays(NOW, -1);
      });
      return apply(state, decideOverdue(state, state.invoices[0]!));
    }
    case 'PLAN_SWITCHED':
    case 'UPGRADE_REQUESTED': {
      const state = stateIn(row.from);
      return apply(state, decidePlanChange(state, ANUAL).decision);
    }
    case 'DOWNGRADE_REQUESTED': {
      const state = stateIn(row.from, (s) => {
        s.subscription.planId = ANUAL._id;
      });
      return apply(state, decidePlanChange(state, MENSAL).decision);
    }
    case 'PLAN_CHANGE_REVERTED': {
      const state = stateIn(row.from, (s) => {
        s.subscription.planId = ANUAL._id;
        s.subscription.pendingPlanChange = {
          kind: 'DOWNGRADE',
          planId: MENSAL._id,
          externalPlanId: MENSAL.externalPlanId,
          requestedAt: NOW,
          invoiceId: null,
          effectiveAt: s.subscription.endDate,
        };
      });
      return apply(state, decidePlanChange(state, ANUAL).decision);
    }
    case 'CANCELED_NOW':
      return ((state) => apply(state, decideCancelNow(state)))(stateIn(row.from));
    case 'PAYMENT_METHOD_CHANGED':
      return ((state) => apply(state, decidePaymentMethod(state, 'CREDIT_CARD')))(stateIn(row.from));
    case 'ADMIN_ACTIVE':
      return ((state) => apply(state, decideAdminStatus(state, 'ACTIVE')))(stateIn(row.from));
    case 'ADMIN_PAUSED':
      return ((state) => apply(state, decideAdminStatus(state, 'PAUSED')))(stateIn(row.from));
    case 'RENEWAL_ISSUED': {
      const state = stateIn(row.from, setEnd(addDays(NOW, 5)));
      return apply(state, decideRenewal(state));
    }
    case 'RENEWAL_PAID': {
      const state = stateIn(row.from, (s) => {
        const start = s.subscription.endDate!;
        s.invoices.push(invoice('RENEWAL', { periodStart: start, periodEnd: addInterval(start, 'MONTHLY'), dueDate: start, status: row.from === 'PAUSED' ? 'OVERDUE' : 'PENDING' }));
      });
      return apply(state, decidePayment(state, state.invoices.at(-1)!, NOW));
    }
    case 'RENEWAL_OVERDUE': {
      const state = stateIn(row.from, (s) => {
        const start = addDays(NOW, -1);
        s.subscription.endDate = start;
        s.invoices.push(invoice('RENEWAL', { periodStart: start, periodEnd: addInterval(start, 'MONTHLY'), dueDate: start }));
      });
      return apply(state, decideOverdue(state, state.invoices.at(-1)!));
    }
    case 'CANCEL_REQUESTED':
      return ((state) => apply(state, decideCancelRequest(state, 'Preço', null)))(stateIn(row.from));
    case 'UPGRADE_PAID':
    case 'UPGRADE_LAPSED': {
      const state = stateIn(row.from);
      const requested = decidePlanChange(state, ANUAL).decision!;
      const up = invoice('UPGRADE', { planId: ANUAL._id, amountCents: requested.issue[0]!.amountCents, dueDate: event === 'UPGRADE_LAPSED' ? addDays(NOW, -1) : addDays(NOW, 3) });
      state.subscription.pendingPlanChange = { ...requested.set.pendingPlanChange!, invoiceId: up._id };
      state.invoices.push(up);
      return apply(state, event === 'UPGRADE_PAID' ? decidePayment(state, up, NOW) : decideOverdue(state, up));
    }
    case 'CANCEL_UNDONE':
      return ((state) => apply(state, decideReactivate(state)))(stateIn(row.from));
    case 'REACTIVATED': {
      const state = stateIn(row.from, row.from === 'CANCEL_REQUESTED' ? setEnd(addDays(NOW, -1)) : () => {});
      return apply(state, decideReactivate(state));
    }
    case 'REQUESTED_PERIOD_ENDED':
    case 'GRACE_ENDED': {
      const state = stateIn(row.from, setEnd(addDays(NOW, -1)));
      return apply(state, decideEnd(state));
    }
    case 'WITHDRAWN': {
      // The member's first payment, 2 days ago: inside the 7 days of art. 49.
      const state = stateIn(row.from, (s) => {
        s.invoices[0]!.paidAt = addDays(NOW, -2);
      });
      return apply(state, decideWithdrawal(state, state.invoices[0]!, 'Desisti', null));
    }
  }
}

describe('Lifecycle transition table', () => {
  test.each(TRANSITIONS.map((row) => [`${row.from} --${row.event}--> ${row.to}`, row] as const))(
    'When %s happens, then the lifecycle decides exactly that row',
    (_name, row) => {
      const { decision, after } = run(row);
      if (row.event !== 'CHECKOUT') expect(decision?.event).toBe(row.event);
      expect(after).toBe(row.to);
    },
  );

  const operations: [string, (state: LifecycleState) => unknown][] = [
    ['cancel request', (state) => decideCancelRequest(state, 'Preço', null)],
    ['cancel now', (state) => decideCancelNow(state)],
    ['reactivate', (state) => decideReactivate(state)],
    ['upgrade', (state) => decidePlanChange(state, ANUAL)],
    ['payment method', (state) => decidePaymentMethod(state, 'CREDIT_CARD')],
    ['withdrawal', (state) => decideWithdrawal(state, state.invoices[0] ?? null, 'Desisti', null)],
  ];
  const phases: Phase[] = ['PENDING', 'ACTIVE', 'CANCEL_REQUESTED', 'PAUSED', 'CANCELED'];
  const allowed = (phase: Phase, name: string) => {
    const events: Record<string, LifecycleEvent[]> = {
      'cancel request': ['CANCEL_REQUESTED'],
      'cancel now': ['CANCELED_NOW'],
      reactivate: ['CANCEL_UNDONE', 'REACTIVATED'],
      upgrade: ['UPGRADE_REQUESTED', 'PLAN_SWITCHED'],
      'payment method': ['PAYMENT_METHOD_CHANGED'],
      withdrawal: ['WITHDRAWN'],
    };
    return TRANSITIONS.some((row) => row.from === phase && events[name]!.includes(row.event));
  };
  const refused = phases.flatMap((phase) => operations.filter(([name]) => !allowed(phase, name)).map(([name, fn]) => [phase, name, fn] as const));

  test.each(refused)('When a subscription %s receives "%s", then it is a 409 in Portuguese', (phase, _name, operation) => {
    try {
      operation(stateIn(phase));
      throw new Error('não recusou');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(409);
      expect((error as AppError).code).toBe('INVALID_TRANSITION');
      expect((error as AppError).message).toMatch(/^[A-ZÀ-Ú].*\.$/);
    }
  });
});

describe('Lifecycle documentation', () => {
  test('When the billing README is read, then its transition table has every row of TRANSITIONS', () => {
    const readme = readFileSync(path.resolve(__dirname, '..', '..', 'src', 'modules', 'billing', 'README.md'), 'utf8');
    const missing = TRANSITIONS.filter((row) => !readme.includes(`| ${row.from} | ${row.event} | ${row.by} | ${row.to} | ${row.effect} |`));
    expect(missing).toEqual([]);
  });
});

describe('Lifecycle arithmetic', () => {
  test('When 21 of 31 paid days are unused, then the upgrade credits 8990 × 21/31 and holds the credits rounded up', () => {
    const start = new Date('2026-03-10T12:00:00.000Z');
    const paid = invoice('FIRST', { status: 'PAID', periodStart: start, periodEnd: addInterval(start, 'MONTHLY'), creditsGranted: 3 });
    const quote = quoteUpgrade([paid], new Date('2026-03-20T12:00:00.000Z'), ANUAL, 3);
    expect(quote).toMatchObject({ creditCents: 6090, amountCents: 86280 - 6090, creditsHeld: 3 });
  });

  test('When the member already spent the credits of the unused time, then the money credited shrinks in proportion', () => {
    const start = new Date('2026-03-10T12:00:00.000Z');
    const paid = invoice('FIRST', { status: 'PAID', periodStart: start, periodEnd: addInterval(start, 'MONTHLY'), creditsGranted: 3 });
    const quote = quoteUpgrade([paid], start, ANUAL, 1);
    // 1 of the 3 credits can be given back: a third of the 8990 is credited.
    expect(quote).toMatchObject({ creditsHeld: 1, creditCents: Math.floor(8990 / 3) });
  });

  test('When the credit would exceed the new price, then at least 1 centavo is charged', () => {
    const start = NOW;
    const paid = invoice('FIRST', { status: 'PAID', periodStart: start, periodEnd: addInterval(start, 'YEARLY'), amountCents: 86280, creditsGranted: 60 });
    expect(quoteUpgrade([paid], start, MENSAL, 60)).toMatchObject({ amountCents: 1, creditCents: 8989 });
  });

  test('When a GRANT period is unused, then nothing is credited for it (it was not paid)', () => {
    const grant = invoice('GRANT', { status: 'PAID', amountCents: 0, periodStart: NOW, periodEnd: addInterval(NOW, 'MONTHLY') });
    expect(quoteUpgrade([grant], NOW, ANUAL, 0)).toMatchObject({ creditCents: 0, amountCents: 86280 });
  });
});
