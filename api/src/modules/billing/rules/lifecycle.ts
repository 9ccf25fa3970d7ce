import { ObjectId } from 'mongodb';
import { seatsOf } from './pricing';
import type { InvoiceDocument, InvoiceKind, PaymentMethod, PendingPlanChange, SubscriptionDocument, SupersededPeriod } from '../documents';
import type { PlanDocument } from '../../plans/documents';
import type { SubscriptionStatus } from '../documents';
import { AppError, conflict } from '../../../http/app-error';
import { addDays, addInterval, DAY_MS } from './calendar';
import { FIRST_INVOICE_DUE_DAYS, PAUSE_GRACE_DAYS, RENEWAL_LEAD_DAYS, UPGRADE_DUE_DAYS } from './calendar';
import { formatBrl, formatDate } from '../../../http/format';

/**
 * The subscription lifecycle, in one place and without I/O: given a subscription, its invoices,
 * the plans, the member's credits and the time, each `decide*` function says what an operation
 * or an event does (a `Decision`), or throws the 409 a person reads. The use cases in
 * billing/use-cases load the state, ask here, and write the decision with a conditional update
 * (billing/use-cases/commit.ts). Nothing else writes `status`, `endDate`, `isOpen` or credits.
 */

/** The state as a person sees it: ACTIVE with a cancel request is its own phase. */
export type Phase = 'NONE' | 'PENDING' | 'ACTIVE' | 'CANCEL_REQUESTED' | 'PAUSED' | 'CANCELED';

export type LifecycleEvent =
  | 'CHECKOUT'
  | 'FIRST_PAID'
  | 'FIRST_EXPIRED'
  | 'PLAN_SWITCHED'
  | 'RENEWAL_ISSUED'
  | 'RENEWAL_PAID'
  | 'RENEWAL_OVERDUE'
  | 'GRACE_ENDED'
  | 'CANCEL_REQUESTED'
  | 'CANCEL_UNDONE'
  | 'REQUESTED_PERIOD_ENDED'
  | 'CANCELED_NOW'
  | 'REACTIVATED'
  | 'UPGRADE_REQUESTED'
  | 'UPGRADE_PAID'
  | 'UPGRADE_LAPSED'
  | 'DOWNGRADE_REQUESTED'
  | 'PLAN_CHANGE_REVERTED'
  | 'PAYMENT_METHOD_CHANGED'
  | 'ADMIN_ACTIVE'
  | 'ADMIN_PAUSED';

export interface Transition {
  from: Phase;
  event: LifecycleEvent;
  to: Phase;
  by: 'member' | 'owner' | 'member or admin' | 'admin' | 'gateway' | 'job';
  effect: string;
}

/** Every allowed transition; anything else is a 409 (see `transitionOf`). api/README.md shows this table. */
export const TRANSITIONS: readonly Transition[] = [
  { from: 'NONE', event: 'CHECKOUT', to: 'PENDING', by: 'member', effect: 'FIRST invoice at the plan price, due in 3 days' },
  { from: 'PENDING', event: 'FIRST_PAID', to: 'ACTIVE', by: 'gateway', effect: 'period = payment + interval; credits += creditsPerCycle' },
  { from: 'PENDING', event: 'FIRST_EXPIRED', to: 'CANCELED', by: 'job', effect: 'unpaid after its due date: checkout expired' },
  { from: 'PENDING', event: 'PLAN_SWITCHED', to: 'PENDING', by: 'member or admin', effect: 'open FIRST invoice replaced by one at the new price' },
  { from: 'PENDING', event: 'CANCELED_NOW', to: 'CANCELED', by: 'member or admin', effect: 'open invoices canceled' },
  { from: 'PENDING', event: 'PAYMENT_METHOD_CHANGED', to: 'PENDING', by: 'member or admin', effect: 'open charges get a new payload' },
  { from: 'PENDING', event: 'ADMIN_ACTIVE', to: 'ACTIVE', by: 'admin', effect: 'open invoices waived; GRANT period from now (no credits)' },
  { from: 'PENDING', event: 'ADMIN_PAUSED', to: 'PAUSED', by: 'admin', effect: 'endDate = now + 7 days' },
  { from: 'ACTIVE', event: 'RENEWAL_ISSUED', to: 'ACTIVE', by: 'job', effect: '7 days before endDate: RENEWAL for [endDate, endDate + interval], due on endDate (downgrade target price if one waits)' },
  { from: 'ACTIVE', event: 'RENEWAL_PAID', to: 'ACTIVE', by: 'gateway', effect: 'endDate = end of the paid period; credits += creditsPerCycle; a waiting downgrade takes effect' },
  { from: 'ACTIVE', event: 'RENEWAL_OVERDUE', to: 'PAUSED', by: 'job', effect: 'renewal unpaid after endDate: no access; endDate = due date + 7 days (deadline to pay)' },
  { from: 'ACTIVE', event: 'CANCEL_REQUESTED', to: 'CANCEL_REQUESTED', by: 'owner', effect: 'open RENEWAL/UPGRADE canceled, held credits returned; access until endDate' },
  { from: 'ACTIVE', event: 'UPGRADE_REQUESTED', to: 'ACTIVE', by: 'member or admin', effect: 'UPGRADE invoice = new price − credit for the paid unused time; its credits held; open renewal canceled' },
  { from: 'ACTIVE', event: 'UPGRADE_PAID', to: 'ACTIVE', by: 'gateway', effect: 'new plan, period = payment + interval; superseded periods credited; credits += new creditsPerCycle' },
  { from: 'ACTIVE', event: 'UPGRADE_LAPSED', to: 'ACTIVE', by: 'job', effect: 'upgrade invoice canceled, held credits returned, renewal issued if due' },
  { from: 'ACTIVE', event: 'DOWNGRADE_REQUESTED', to: 'ACTIVE', by: 'member or admin', effect: 'nothing charged now; the renewal is issued (or re-issued) at the new price' },
  { from: 'ACTIVE', event: 'PLAN_CHANGE_REVERTED', to: 'ACTIVE', by: 'member or admin', effect: 'pending change undone: upgrade invoice canceled and credits returned, or renewal back at the current price' },
  { from: 'ACTIVE', event: 'CANCELED_NOW', to: 'CANCELED', by: 'member or admin', effect: 'open invoices canceled; paid unused time forfeited' },
  { from: 'ACTIVE', event: 'PAYMENT_METHOD_CHANGED', to: 'ACTIVE', by: 'member or admin', effect: 'open charges get a new payload' },
  { from: 'ACTIVE', event: 'ADMIN_PAUSED', to: 'PAUSED', by: 'admin', effect: 'endDate kept (if future); pending upgrade undone' },
  { from: 'CANCEL_REQUESTED', event: 'CANCEL_UNDONE', to: 'ACTIVE', by: 'member or admin', effect: 'request removed; renewal issued at once if inside the 7-day window' },
  { from: 'CANCEL_REQUESTED', event: 'REQUESTED_PERIOD_ENDED', to: 'CANCELED', by: 'job', effect: 'endDate passed' },
  { from: 'CANCEL_REQUESTED', event: 'REACTIVATED', to: 'PENDING', by: 'member or admin', effect: 'period already over: new FIRST invoice' },
  { from: 'CANCEL_REQUESTED', event: 'CANCELED_NOW', to: 'CANCELED', by: 'member or admin', effect: 'as from ACTIVE' },
  { from: 'CANCEL_REQUESTED', event: 'PAYMENT_METHOD_CHANGED', to: 'CANCEL_REQUESTED', by: 'member or admin', effect: 'open charges get a new payload' },
  { from: 'CANCEL_REQUESTED', event: 'ADMIN_PAUSED', to: 'PAUSED', by: 'admin', effect: 'endDate kept (if future)' },
  { from: 'PAUSED', event: 'RENEWAL_PAID', to: 'ACTIVE', by: 'gateway', effect: 'ACTIVE until the end of the paid period; credits += creditsPerCycle' },
  { from: 'PAUSED', event: 'FIRST_PAID', to: 'ACTIVE', by: 'gateway', effect: 'a checkout an admin paused, paid: as from PENDING' },
  { from: 'PAUSED', event: 'GRACE_ENDED', to: 'CANCELED', by: 'job', effect: 'endDate passed: open invoices canceled' },
  { from: 'PAUSED', event: 'CANCELED_NOW', to: 'CANCELED', by: 'member or admin', effect: 'open invoices canceled' },
  { from: 'PAUSED', event: 'PAYMENT_METHOD_CHANGED', to: 'PAUSED', by: 'member or admin', effect: 'open charges get a new payload' },
  { from: 'PAUSED', event: 'ADMIN_ACTIVE', to: 'ACTIVE', by: 'admin', effect: 'open invoices waived; GRANT of the overdue renewal period (or from now)' },
  { from: 'CANCELED', event: 'REACTIVATED', to: 'PENDING', by: 'member or admin', effect: 'new FIRST invoice; the cycle starts when paid' },
  { from: 'CANCELED', event: 'ADMIN_ACTIVE', to: 'ACTIVE', by: 'admin', effect: 'GRANT period from now (no credits)' },
  { from: 'CANCELED', event: 'ADMIN_PAUSED', to: 'PAUSED', by: 'admin', effect: 'reopened without access; endDate = now + 7 days' },
];

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  PENDING: 'aguardando pagamento',
  ACTIVE: 'ativa',
  PAUSED: 'suspensa',
  CANCELED: 'cancelada',
};

export function phaseOf(subscription: Pick<SubscriptionDocument, 'status' | 'cancelRequest'> | null): Phase {
  if (!subscription) return 'NONE';
  if (subscription.status === 'ACTIVE' && subscription.cancelRequest) return 'CANCEL_REQUESTED';
  return subscription.status;
}

const invalidTransition = (message: string) => conflict(message, 'INVALID_TRANSITION');

/** Why an event does not apply to a phase, in Portuguese. */
function refusal(phase: Phase, event: LifecycleEvent): AppError {
  const label = phase === 'CANCEL_REQUESTED' ? 'com cancelamento solicitado' : phase === 'NONE' ? 'inexistente' : STATUS_LABELS[phase];
  switch (event) {
    case 'CANCEL_REQUESTED':
      if (phase === 'CANCEL_REQUESTED') return invalidTransition('O cancelamento desta assinatura já foi solicitado.');
      return invalidTransition(
        `Só é possível agendar o cancelamento de uma assinatura ativa (esta está ${label}). Para encerrar agora, use "Cancelar agora".`,
      );
    case 'CANCELED_NOW':
      return invalidTransition('Esta assinatura já está cancelada.');
    case 'REACTIVATED':
    case 'CANCEL_UNDONE':
      if (phase === 'ACTIVE') return invalidTransition('Esta assinatura já está ativa.');
      if (phase === 'PENDING') return invalidTransition('Esta assinatura aguarda o primeiro pagamento: pague a fatura em aberto para ativá-la.');
      return invalidTransition('Esta assinatura está suspensa por falta de pagamento: pague a fatura em aberto para reativá-la.');
    case 'UPGRADE_REQUESTED':
    case 'DOWNGRADE_REQUESTED':
    case 'PLAN_SWITCHED':
    case 'PLAN_CHANGE_REVERTED':
      if (phase === 'CANCELED') return invalidTransition('Não é possível trocar o plano de uma assinatura cancelada. Reative-a ou assine um novo plano.');
      if (phase === 'PAUSED') return invalidTransition('Pague a fatura em atraso antes de trocar de plano.');
      if (phase === 'CANCEL_REQUESTED') return invalidTransition('O cancelamento desta assinatura foi solicitado. Reative-a antes de trocar de plano.');
      return invalidTransition(`Não é possível trocar o plano de uma assinatura ${label}.`);
    case 'PAYMENT_METHOD_CHANGED':
      return invalidTransition('Esta assinatura está cancelada: não é possível alterá-la. Reative-a ou assine um plano.');
    case 'ADMIN_ACTIVE':
    case 'ADMIN_PAUSED':
      return invalidTransition(`A assinatura está ${label}: a mudança não se aplica.`);
    default:
      return invalidTransition(`Esta operação não se aplica a uma assinatura ${label}.`);
  }
}

/** The row for (phase, event), or the 409 that explains why not. */
export function transitionOf(phase: Phase, event: LifecycleEvent): Transition {
  const row = TRANSITIONS.find((candidate) => candidate.from === phase && candidate.event === event);
  if (!row) throw refusal(phase, event);
  return row;
}

// ---------------------------------------------------------------------------------------------
// State and decisions

export interface Credits {
  balance: number;
  used: number;
}

export interface LifecycleState {
  now: Date;
  subscription: SubscriptionDocument;
  /** Every invoice of the subscription. */
  invoices: InvoiceDocument[];
  /** Every plan by id (hex). */
  plans: ReadonlyMap<string, PlanDocument>;
  credits: Credits;
  /** Ids for new invoices (not I/O; injectable so tests can predict them). */
  newId?: () => ObjectId;
}

/** A new invoice. GRANT invoices are written PAID (no charge at the gateway). */
export interface InvoiceSpec {
  _id: ObjectId;
  kind: InvoiceKind;
  planId: ObjectId;
  amountCents: number;
  dueDate: Date;
  description: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  cycleKey: string;
  creditAppliedCents?: number;
  /** Seats paid for (plan price × seats); written on the invoice. */
  seats: number;
}

export interface Decision {
  event: LifecycleEvent;
  /** Applied only if the subscription still has the status and updatedAt it was loaded with. */
  set: Partial<SubscriptionDocument>;
  /** Open invoices to cancel (their charges too), before anything is issued. */
  cancel: ObjectId[];
  invoiceUpdates: { _id: ObjectId; set: Partial<InvoiceDocument> }[];
  issue: InvoiceSpec[];
  /** Added to the member's credit balance (negative: taken back, never below 0). */
  creditsDelta: number;
}

function decision(event: LifecycleEvent, parts: Partial<Omit<Decision, 'event'>> = {}): Decision {
  return { event, set: {}, cancel: [], invoiceUpdates: [], issue: [], creditsDelta: 0, ...parts };
}

const idOf = (state: LifecycleState) => (state.newId ?? (() => new ObjectId()))();
const planOf = (state: LifecycleState, id: ObjectId): PlanDocument => {
  const plan = state.plans.get(id.toHexString());
  if (!plan) throw new AppError(500, 'PLAN_MISSING', 'O plano desta assinatura não foi encontrado.');
  return plan;
};
const isOpenInvoice = (invoice: InvoiceDocument) => invoice.status === 'PENDING' || invoice.status === 'OVERDUE';
const openInvoices = (state: LifecycleState, kinds?: InvoiceKind[]) =>
  state.invoices.filter((invoice) => isOpenInvoice(invoice) && (!kinds || kinds.includes(invoice.kind)));
const heldCredits = (subscription: SubscriptionDocument) =>
  subscription.pendingPlanChange?.kind === 'UPGRADE' ? (subscription.pendingPlanChange.creditsHeld ?? 0) : 0;

export function renewalCycleKey(periodStart: Date): string {
  return `RENEWAL:${periodStart.toISOString()}`;
}

/** What a cycle of `plan` costs for `seats` seats (laboratory accounts pay per seat). */
export function priceFor(plan: Pick<PlanDocument, 'priceCents'>, seats: number): number {
  return plan.priceCents * seats;
}

/** Credits a paid cycle of `plan` grants for `seats` seats (to the manager's wallet). */
export function creditsFor(plan: Pick<PlanDocument, 'creditsPerCycle'>, seats: number): number {
  return plan.creditsPerCycle * seats;
}

const seatsLabel = (seats: number) => (seats > 1 ? ` (${seats} assentos)` : '');

/** Seats the subscription will have once its waiting change (if any) applies. */
function targetSeats(subscription: SubscriptionDocument): number {
  return subscription.pendingPlanChange?.seats ?? seatsOf(subscription);
}

function firstInvoice(state: LifecycleState, plan: PlanDocument, seats: number): InvoiceSpec {
  const _id = idOf(state);
  return {
    _id,
    kind: 'FIRST',
    planId: plan._id,
    amountCents: priceFor(plan, seats),
    dueDate: addDays(state.now, FIRST_INVOICE_DUE_DAYS),
    description: `Plano ${plan.name}${seatsLabel(seats)}: primeiro ciclo`,
    periodStart: null,
    periodEnd: null,
    cycleKey: `FIRST:${_id.toHexString()}`,
    seats,
  };
}

function renewalInvoice(state: LifecycleState, plan: PlanDocument, periodStart: Date, seats: number): InvoiceSpec {
  return {
    _id: idOf(state),
    kind: 'RENEWAL',
    planId: plan._id,
    amountCents: priceFor(plan, seats),
    dueDate: periodStart,
    description: `Plano ${plan.name}${seatsLabel(seats)}: renovação`,
    periodStart,
    periodEnd: addInterval(periodStart, plan.interval),
    cycleKey: renewalCycleKey(periodStart),
    seats,
  };
}

/**
 * The renewal an ACTIVE subscription (no cancel request, no upgrade waiting) needs once inside
 * the window, given the state after `set` and `canceled`; null when none is due or it exists.
 */
function renewalIfDue(state: LifecycleState, set: Partial<SubscriptionDocument>, canceled: ObjectId[]): InvoiceSpec | null {
  const after = { ...state.subscription, ...set };
  if (after.status !== 'ACTIVE' || after.cancelRequest || !after.endDate) return null;
  if (after.pendingPlanChange?.kind === 'UPGRADE') return null;
  if (after.endDate.getTime() > state.now.getTime() + RENEWAL_LEAD_DAYS * DAY_MS) return null;
  const cycleKey = renewalCycleKey(after.endDate);
  const gone = new Set(canceled.map((id) => id.toHexString()));
  const exists = state.invoices.some(
    (invoice) => invoice.cycleKey === cycleKey && invoice.status !== 'CANCELED' && !gone.has(invoice._id.toHexString()),
  );
  if (exists) return null;
  const downgrade = after.pendingPlanChange?.kind === 'DOWNGRADE' ? after.pendingPlanChange : null;
  const planId = downgrade ? downgrade.planId : after.planId;
  return renewalInvoice(state, planOf(state, planId), after.endDate, downgrade ? targetSeats(after) : seatsOf(after));
}

// ---------------------------------------------------------------------------------------------
// Money and credits

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

// ---------------------------------------------------------------------------------------------
// Operations and events

export function decideCheckout(now: Date, plan: PlanDocument, newId: () => ObjectId = () => new ObjectId(), seats = 1): InvoiceSpec {
  transitionOf('NONE', 'CHECKOUT');
  return firstInvoice({ now, newId } as LifecycleState, plan, seats);
}

/** Cancels whatever change waits: the upgrade invoice (credits given back) or the re-priced renewal. */
function undoPendingChange(state: LifecycleState): Pick<Decision, 'cancel' | 'issue' | 'creditsDelta'> {
  const pending = state.subscription.pendingPlanChange;
  if (!pending) return { cancel: [], issue: [], creditsDelta: 0 };
  if (pending.kind === 'UPGRADE') {
    const open = openInvoices(state, ['UPGRADE']).map((invoice) => invoice._id);
    return { cancel: open, issue: [], creditsDelta: heldCredits(state.subscription) };
  }
  // A renewal issued at the downgrade price (plan or seats) goes back to the current one.
  const current = planOf(state, state.subscription.planId);
  const seats = seatsOf(state.subscription);
  const repriced = openInvoices(state, ['RENEWAL']).filter(
    (invoice) => invoice.status === 'PENDING' && (!invoice.planId.equals(current._id) || seatsOf(invoice) !== seats),
  );
  return {
    cancel: repriced.map((invoice) => invoice._id),
    issue: repriced.map((invoice) => renewalInvoice(state, current, invoice.periodStart ?? invoice.dueDate, seats)),
    creditsDelta: 0,
  };
}

export function decidePayment(state: LifecycleState, invoice: InvoiceDocument, paidAt: Date): Decision {
  const { subscription } = state;
  const phase = phaseOf(subscription);
  const plan = planOf(state, invoice.planId);
  if (invoice.kind === 'GRANT') throw invalidTransition('Esta fatura não é cobrada.');
  const event: LifecycleEvent = invoice.kind === 'FIRST' ? 'FIRST_PAID' : invoice.kind === 'RENEWAL' ? 'RENEWAL_PAID' : 'UPGRADE_PAID';
  transitionOf(phase, event);
  const seats = seatsOf(invoice);
  const credits = creditsFor(plan, seats);

  if (invoice.kind === 'UPGRADE') {
    const pending = subscription.pendingPlanChange;
    if (pending?.kind !== 'UPGRADE' || !pending.invoiceId?.equals(invoice._id)) {
      throw invalidTransition('Esta troca de plano não está mais pendente.');
    }
    const periodEnd = addInterval(paidAt, plan.interval);
    return decision(event, {
      set: {
        status: 'ACTIVE',
        planId: plan._id,
        externalPlanId: plan.externalPlanId,
        startDate: subscription.startDate ?? paidAt,
        currentPeriodStart: paidAt,
        endDate: periodEnd,
        pendingPlanChange: null,
        seats,
      },
      // A renewal of the old plan cannot be open (canceled on request); any still open is void.
      cancel: openInvoices(state, ['RENEWAL']).map((open) => open._id),
      invoiceUpdates: [
        { _id: invoice._id, set: { periodStart: paidAt, periodEnd, creditsGranted: credits } },
        ...(pending.supersedes ?? []).map((period) => ({
          _id: period.invoiceId,
          set: { supersededAt: paidAt, creditedCents: period.creditedCents, creditsTakenBack: period.creditsTakenBack },
        })),
      ],
      creditsDelta: credits, // the old periods' credits were taken when the upgrade was asked for
    });
  }

  if (invoice.kind === 'FIRST') {
    const periodEnd = addInterval(paidAt, plan.interval);
    return decision(event, {
      set: {
        status: 'ACTIVE',
        planId: plan._id,
        externalPlanId: plan.externalPlanId,
        startDate: subscription.startDate ?? paidAt,
        currentPeriodStart: paidAt,
        endDate: periodEnd,
        canceledAt: null,
        seats,
      },
      invoiceUpdates: [{ _id: invoice._id, set: { periodStart: paidAt, periodEnd, creditsGranted: credits } }],
      creditsDelta: credits,
    });
  }

  // RENEWAL: its period was fixed when issued.
  const periodStart = invoice.periodStart ?? invoice.dueDate;
  const periodEnd = invoice.periodEnd ?? addInterval(periodStart, plan.interval);
  const set: Partial<SubscriptionDocument> = {
    status: 'ACTIVE',
    planId: plan._id,
    externalPlanId: plan.externalPlanId,
    startDate: subscription.startDate ?? paidAt,
    currentPeriodStart: periodStart,
    endDate: periodEnd,
    seats,
  };
  const pending = subscription.pendingPlanChange;
  if (pending?.planId.equals(plan._id) && targetSeats(subscription) === seats) set.pendingPlanChange = null;
  return decision(event, {
    set,
    invoiceUpdates: [{ _id: invoice._id, set: { periodStart, periodEnd, creditsGranted: credits } }],
    creditsDelta: credits,
  });
}

/** The job: the renewal due for this subscription, or null. */
export function decideRenewal(state: LifecycleState): Decision | null {
  if (phaseOf(state.subscription) !== 'ACTIVE') return null;
  const renewal = renewalIfDue(state, {}, []);
  if (!renewal) return null;
  return decision('RENEWAL_ISSUED', { issue: [renewal] });
}

/** The job: an invoice still PENDING after its due date. */
export function decideOverdue(state: LifecycleState, invoice: InvoiceDocument): Decision | null {
  // Periods are [start, end): at the due instant itself the invoice is already late.
  if (invoice.status !== 'PENDING' || invoice.dueDate > state.now) return null;
  const { subscription } = state;
  const phase = phaseOf(subscription);
  if (invoice.kind === 'FIRST') {
    if (phase !== 'PENDING') return decision('FIRST_EXPIRED', { cancel: [invoice._id] });
    transitionOf(phase, 'FIRST_EXPIRED');
    return decision('FIRST_EXPIRED', { set: { status: 'CANCELED', canceledAt: state.now }, cancel: [invoice._id] });
  }
  if (invoice.kind === 'UPGRADE') {
    const pending = subscription.pendingPlanChange;
    const waiting = pending?.kind === 'UPGRADE' && pending.invoiceId?.equals(invoice._id);
    if (!waiting) return decision('UPGRADE_LAPSED', { cancel: [invoice._id] });
    const set: Partial<SubscriptionDocument> = { pendingPlanChange: null };
    const renewal = renewalIfDue(state, set, [invoice._id]);
    return decision('UPGRADE_LAPSED', {
      set,
      cancel: [invoice._id],
      issue: renewal ? [renewal] : [],
      creditsDelta: heldCredits(subscription),
    });
  }
  if (invoice.kind !== 'RENEWAL') return null;
  const overdue = { _id: invoice._id, set: { status: 'OVERDUE' as const } };
  if (phase !== 'ACTIVE') return decision('RENEWAL_OVERDUE', { invoiceUpdates: [overdue] });
  const graceEnd = addDays(invoice.dueDate, PAUSE_GRACE_DAYS);
  const endDate = subscription.endDate && subscription.endDate > graceEnd ? subscription.endDate : graceEnd;
  return decision('RENEWAL_OVERDUE', { set: { status: 'PAUSED', endDate }, invoiceUpdates: [overdue] });
}

/** The job: PAUSED past its deadline, or a cancel request whose period ended. */
export function decideEnd(state: LifecycleState): Decision | null {
  const { subscription, now } = state;
  const phase = phaseOf(subscription);
  if (!subscription.endDate) return null;
  let event: LifecycleEvent;
  if (phase === 'PAUSED' && subscription.endDate <= now) event = 'GRACE_ENDED';
  else if (phase === 'CANCEL_REQUESTED' && subscription.endDate <= now) event = 'REQUESTED_PERIOD_ENDED';
  else return null;
  return decision(event, {
    set: { status: 'CANCELED', canceledAt: now, pendingPlanChange: null },
    cancel: openInvoices(state).map((invoice) => invoice._id),
    creditsDelta: heldCredits(subscription),
  });
}

export function decideCancelRequest(state: LifecycleState, reason: string, comment: string | null): Decision {
  transitionOf(phaseOf(state.subscription), 'CANCEL_REQUESTED');
  return decision('CANCEL_REQUESTED', {
    set: { cancelRequest: { reason, comment, requestedAt: state.now }, pendingPlanChange: null },
    cancel: openInvoices(state, ['RENEWAL', 'UPGRADE']).map((invoice) => invoice._id),
    creditsDelta: heldCredits(state.subscription),
  });
}

/** Undoes a cancel request while the period lasts; otherwise opens a new cycle (PENDING + FIRST invoice). */
export function decideReactivate(state: LifecycleState): Decision {
  const { subscription, now } = state;
  const phase = phaseOf(subscription);
  if (phase === 'CANCEL_REQUESTED' && subscription.endDate && subscription.endDate > now) {
    transitionOf(phase, 'CANCEL_UNDONE');
    const set: Partial<SubscriptionDocument> = { cancelRequest: null };
    const renewal = renewalIfDue(state, set, []);
    return decision('CANCEL_UNDONE', { set, issue: renewal ? [renewal] : [] });
  }
  transitionOf(phase, 'REACTIVATED');
  const plan = planOf(state, subscription.planId);
  if (!plan.active) {
    throw conflict('O plano desta assinatura não está mais disponível. Escolha um novo plano para assinar.', 'PLAN_UNAVAILABLE');
  }
  return decision('REACTIVATED', {
    set: { status: 'PENDING', cancelRequest: null, canceledAt: null, pendingPlanChange: null, currentPeriodStart: null, endDate: null },
    cancel: openInvoices(state).map((invoice) => invoice._id),
    issue: [firstInvoice(state, plan, seatsOf(subscription))],
    creditsDelta: heldCredits(subscription),
  });
}

/** Ends now: open invoices canceled, paid time not yet enjoyed forfeited (a decision, not a loss). */
export function decideCancelNow(state: LifecycleState): Decision {
  const { subscription, now } = state;
  transitionOf(phaseOf(subscription), 'CANCELED_NOW');
  const endDate = subscription.endDate && subscription.endDate < now ? subscription.endDate : subscription.endDate ? now : null;
  const forfeited = state.invoices.filter(
    (invoice) => invoice.status === 'PAID' && !invoice.supersededAt && !invoice.forfeitedAt && invoice.periodEnd && invoice.periodEnd > now,
  );
  return decision('CANCELED_NOW', {
    set: { status: 'CANCELED', canceledAt: now, endDate, pendingPlanChange: null },
    cancel: openInvoices(state).map((invoice) => invoice._id),
    invoiceUpdates: forfeited.map((invoice) => ({ _id: invoice._id, set: { forfeitedAt: now } })),
    creditsDelta: heldCredits(subscription),
  });
}

export type AdminStatus = Exclude<SubscriptionStatus, 'PENDING'>;

export function decideAdminStatus(state: LifecycleState, status: AdminStatus): Decision {
  const { subscription, now } = state;
  if (subscription.status === status) throw invalidTransition(`A assinatura já está ${STATUS_LABELS[status]}.`);
  if (status === 'CANCELED') return decideCancelNow(state);
  const phase = phaseOf(subscription);
  const undo = undoPendingChange(state);

  if (status === 'PAUSED') {
    transitionOf(phase, 'ADMIN_PAUSED');
    const endDate = subscription.endDate && subscription.endDate > now ? subscription.endDate : addDays(now, PAUSE_GRACE_DAYS);
    const keepDowngrade = subscription.pendingPlanChange?.kind === 'DOWNGRADE';
    return decision('ADMIN_PAUSED', {
      set: { status, endDate, canceledAt: null, ...(keepDowngrade ? {} : { pendingPlanChange: null }) },
      cancel: keepDowngrade ? [] : undo.cancel,
      creditsDelta: keepDowngrade ? 0 : undo.creditsDelta,
    });
  }

  // ACTIVE by decision of an admin: open invoices are waived; the period granted is recorded (GRANT, no credits).
  transitionOf(phase, 'ADMIN_ACTIVE');
  const plan = planOf(state, subscription.planId);
  const covering = livePaidPeriods(state.invoices).filter((invoice) => invoice.periodStart! <= now && invoice.periodEnd! > now);
  const paidUntil = covering.reduce<Date | null>((end, invoice) => (!end || invoice.periodEnd! > end ? invoice.periodEnd! : end), null);
  const cancel = openInvoices(state).map((invoice) => invoice._id);
  const issue: InvoiceSpec[] = [];
  let period: Partial<SubscriptionDocument>;
  if (paidUntil) {
    // Paid time is still running (an admin paused it): it simply resumes.
    period = { endDate: paidUntil };
  } else {
    const renewal = openInvoices(state, ['RENEWAL']).find((invoice) => invoice.periodEnd && invoice.periodEnd > now);
    const start = renewal?.periodStart ?? now;
    const end = renewal?.periodEnd ?? addInterval(now, plan.interval);
    const _id = idOf(state);
    issue.push({
      _id,
      kind: 'GRANT',
      planId: plan._id,
      amountCents: 0,
      dueDate: now,
      description: `Plano ${plan.name}: período concedido pela administração`,
      periodStart: start,
      periodEnd: end,
      cycleKey: `GRANT:${_id.toHexString()}`,
      seats: seatsOf(subscription),
    });
    period = { currentPeriodStart: start, endDate: end };
  }
  const set: Partial<SubscriptionDocument> = {
    status: 'ACTIVE',
    ...period,
    startDate: subscription.startDate ?? now,
    canceledAt: null,
    pendingPlanChange: subscription.pendingPlanChange?.kind === 'DOWNGRADE' ? subscription.pendingPlanChange : null,
  };
  const next = renewalIfDue(state, set, cancel);
  if (next) issue.push(next);
  return decision('ADMIN_ACTIVE', { set, cancel, issue, creditsDelta: heldCredits(subscription) });
}

export function decidePaymentMethod(state: LifecycleState, paymentMethod: PaymentMethod | undefined): Decision | null {
  transitionOf(phaseOf(state.subscription), 'PAYMENT_METHOD_CHANGED');
  if (paymentMethod === undefined || paymentMethod === state.subscription.paymentMethod) return null;
  return decision('PAYMENT_METHOD_CHANGED', {
    set: { paymentMethod },
    // Open charges get a payload for the new method when they are next shown.
    invoiceUpdates: openInvoices(state).map((invoice) => ({ _id: invoice._id, set: { pix: null } })),
  });
}

// ---------------------------------------------------------------------------------------------
// Plan change (and its preview: the same function, without writing)

export type PlanChangeKind = 'UPGRADE' | 'DOWNGRADE' | 'IMMEDIATE' | 'REVERTED';

export interface PlanChange {
  kind: PlanChangeKind;
  fromPlan: PlanDocument;
  toPlan: PlanDocument;
  /** Seats before and after the change (laboratory accounts; 1 for a single member). */
  fromSeats: number;
  toSeats: number;
  /** Charged by this change (0 when nothing is charged). */
  amountCents: number;
  /** Value of the paid, unused time discounted from an upgrade. */
  creditCents: number;
  /** When that amount is charged: now for an upgrade, the next cycle for a downgrade. */
  chargedAt: Date | null;
  dueDate: Date | null;
  /** When the new plan starts; null for an upgrade: on payment. */
  effectiveAt: Date | null;
  invoiceId: ObjectId | null;
  /** Credits now, and after the change takes effect (an upgrade holds the unused time's credits). */
  creditsNow: number;
  creditsAfter: number;
  message: string;
}

export interface PlanChangeDecision {
  decision: Decision | null;
  change: PlanChange;
}

/** "plano Anual" or "plano Anual com 3 assentos". */
const planLabel = (plan: PlanDocument, seats: number) => `plano ${plan.name}${seats > 1 ? ` com ${seats} assentos` : ''}`;

function upgradeMessage(
  current: PlanDocument,
  fromSeats: number,
  target: PlanDocument,
  toSeats: number,
  amountCents: number,
  creditCents: number,
  dueDate: Date,
): string {
  const from = planLabel(current, fromSeats);
  const to = planLabel(target, toSeats);
  return (
    `Será cobrado agora ${formatBrl(amountCents)}: ${formatBrl(priceFor(target, toSeats))} do ${to} menos ` +
    `${formatBrl(creditCents)} pelos dias não usados do ${from}. O ${to} começa quando o pagamento ` +
    `for confirmado (vencimento em ${formatDate(dueDate)}), com um novo ciclo a partir dessa data.`
  );
}

function downgradeMessage(current: PlanDocument, fromSeats: number, target: PlanDocument, toSeats: number, effectiveAt: Date | null): string {
  return (
    `Nada é cobrado agora. Você continua no ${planLabel(current, fromSeats)} até ${effectiveAt ? formatDate(effectiveAt) : 'o fim do ciclo'}; ` +
    `a partir daí vale o ${planLabel(target, toSeats)}, com cobrança de ${formatBrl(priceFor(target, toSeats))}.`
  );
}

/** The change already waiting for `target` (asking again answers the same change, nothing new). */
function describePending(state: LifecycleState, current: PlanDocument, target: PlanDocument, pending: PendingPlanChange): PlanChange {
  const balance = state.credits.balance;
  const fromSeats = seatsOf(state.subscription);
  const toSeats = pending.seats ?? fromSeats;
  if (pending.kind === 'UPGRADE') {
    const invoice = state.invoices.find((candidate) => pending.invoiceId && candidate._id.equals(pending.invoiceId));
    const amountCents = invoice?.amountCents ?? 0;
    const creditCents = pending.creditCents ?? Math.max(0, priceFor(target, toSeats) - amountCents);
    const dueDate = invoice?.dueDate ?? state.now;
    return {
      kind: 'UPGRADE',
      fromPlan: current,
      toPlan: target,
      fromSeats,
      toSeats,
      amountCents,
      creditCents,
      chargedAt: pending.requestedAt,
      dueDate,
      effectiveAt: null,
      invoiceId: invoice?._id ?? null,
      creditsNow: balance,
      creditsAfter: balance + creditsFor(target, toSeats),
      message: upgradeMessage(current, fromSeats, target, toSeats, amountCents, creditCents, dueDate),
    };
  }
  const effectiveAt = pending.effectiveAt ?? state.subscription.endDate;
  return {
    kind: 'DOWNGRADE',
    fromPlan: current,
    toPlan: target,
    fromSeats,
    toSeats,
    amountCents: priceFor(target, toSeats),
    creditCents: 0,
    chargedAt: effectiveAt,
    dueDate: effectiveAt,
    effectiveAt,
    invoiceId: null,
    creditsNow: balance,
    creditsAfter: balance + creditsFor(target, toSeats),
    message: downgradeMessage(current, fromSeats, target, toSeats, effectiveAt),
  };
}

/**
 * A change of plan and/or seats. More value per cycle (price × seats) is an upgrade, charged now
 * prorated; less is a downgrade from the next cycle; `seats` defaults to the current seats.
 * (Refusing fewer seats than are in use is the use case's: it knows the laboratory account.)
 */
export function decidePlanChange(state: LifecycleState, target: PlanDocument, requestedSeats?: number): PlanChangeDecision {
  const { subscription, now } = state;
  const phase = phaseOf(subscription);
  const current = planOf(state, subscription.planId);
  const pending = subscription.pendingPlanChange;
  const balance = state.credits.balance;
  const fromSeats = seatsOf(subscription);
  const toSeats = requestedSeats ?? fromSeats;

  if (target._id.equals(current._id) && toSeats === fromSeats) {
    if (!pending && phase !== 'CANCELED') {
      throw invalidTransition(`Sua assinatura já está no ${planLabel(current, fromSeats)}.`);
    }
    transitionOf(phase, 'PLAN_CHANGE_REVERTED');
    const undo = undoPendingChange(state);
    return {
      decision: decision('PLAN_CHANGE_REVERTED', { set: { pendingPlanChange: null }, ...undo, issue: undo.issue }),
      change: {
        kind: 'REVERTED',
        fromPlan: current,
        toPlan: current,
        fromSeats,
        toSeats,
        amountCents: 0,
        creditCents: 0,
        chargedAt: null,
        dueDate: null,
        effectiveAt: null,
        invoiceId: null,
        creditsNow: balance,
        creditsAfter: balance + undo.creditsDelta,
        message: `A troca de plano foi desfeita. Você continua no ${planLabel(current, fromSeats)}.`,
      },
    };
  }

  if (phase === 'PENDING') {
    transitionOf(phase, 'PLAN_SWITCHED');
    if (!target.active) throw conflict('Este plano não está disponível no momento. Escolha outro plano.', 'PLAN_UNAVAILABLE');
    // Nothing was paid yet: the checkout simply switches plan (and seats) and its first invoice follows.
    const invoice = firstInvoice(state, target, toSeats);
    return {
      decision: decision('PLAN_SWITCHED', {
        set: { planId: target._id, externalPlanId: target.externalPlanId, seats: toSeats },
        cancel: openInvoices(state).map((open) => open._id),
        issue: [invoice],
      }),
      change: {
        kind: 'IMMEDIATE',
        fromPlan: current,
        toPlan: target,
        fromSeats,
        toSeats,
        amountCents: invoice.amountCents,
        creditCents: 0,
        chargedAt: now,
        dueDate: invoice.dueDate,
        effectiveAt: null,
        invoiceId: invoice._id,
        creditsNow: balance,
        creditsAfter: balance + creditsFor(target, toSeats),
        message: `Plano alterado para ${planLabel(target, toSeats)}. A fatura em aberto passa a ser de ${formatBrl(invoice.amountCents)}, com vencimento em ${formatDate(invoice.dueDate)}; o plano começa quando o pagamento for confirmado.`,
      },
    };
  }

  const isUpgrade = priceFor(target, toSeats) > priceFor(current, fromSeats);
  transitionOf(phase, isUpgrade ? 'UPGRADE_REQUESTED' : 'DOWNGRADE_REQUESTED');
  if (pending && pending.planId.equals(target._id) && (pending.seats ?? fromSeats) === toSeats) {
    return { decision: null, change: describePending(state, current, target, pending) };
  }
  if (!target.active) throw conflict('Este plano não está disponível no momento. Escolha outro plano.', 'PLAN_UNAVAILABLE');
  const undo = undoPendingChange(state);

  if (isUpgrade) {
    // The renewal of the current plan is void: the upgrade starts a new period when paid.
    const openRenewals = openInvoices(state, ['RENEWAL']).filter((invoice) => !undo.cancel.some((id) => id.equals(invoice._id)));
    // (a downgrade's re-priced renewal is in undo.cancel; its replacement at the current price is not issued)
    const quote = quoteUpgrade(state.invoices, now, target, balance + undo.creditsDelta, toSeats);
    const _id = idOf(state);
    const endDate = subscription.endDate ?? now;
    const dueDate = new Date(Math.max(now.getTime(), Math.min(addDays(now, UPGRADE_DUE_DAYS).getTime(), endDate.getTime())));
    const change: PendingPlanChange = {
      kind: 'UPGRADE',
      planId: target._id,
      externalPlanId: target.externalPlanId,
      requestedAt: now,
      invoiceId: _id,
      effectiveAt: null,
      creditCents: quote.creditCents,
      creditsHeld: quote.creditsHeld,
      supersedes: quote.supersedes,
      seats: toSeats,
    };
    return {
      decision: decision('UPGRADE_REQUESTED', {
        set: { pendingPlanChange: change },
        cancel: [...undo.cancel, ...openRenewals.map((invoice) => invoice._id)],
        issue: [
          {
            _id,
            kind: 'UPGRADE',
            planId: target._id,
            amountCents: quote.amountCents,
            dueDate,
            description: `Mudança para o ${planLabel(target, toSeats)}`,
            periodStart: null,
            periodEnd: null,
            cycleKey: `UPGRADE:${_id.toHexString()}`,
            creditAppliedCents: quote.creditCents,
            seats: toSeats,
          },
        ],
        creditsDelta: undo.creditsDelta - quote.creditsHeld,
      }),
      change: {
        kind: 'UPGRADE',
        fromPlan: current,
        toPlan: target,
        fromSeats,
        toSeats,
        amountCents: quote.amountCents,
        creditCents: quote.creditCents,
        chargedAt: now,
        dueDate,
        effectiveAt: null,
        invoiceId: _id,
        creditsNow: balance,
        creditsAfter: balance + undo.creditsDelta - quote.creditsHeld + creditsFor(target, toSeats),
        message: upgradeMessage(current, fromSeats, target, toSeats, quote.amountCents, quote.creditCents, dueDate),
      },
    };
  }

  const change: PendingPlanChange = {
    kind: 'DOWNGRADE',
    planId: target._id,
    externalPlanId: target.externalPlanId,
    requestedAt: now,
    invoiceId: null,
    effectiveAt: subscription.endDate,
    seats: toSeats,
  };
  const set: Partial<SubscriptionDocument> = { pendingPlanChange: change };
  // A renewal already issued for the current plan is re-issued at the new price (same cycle).
  const stale = openInvoices(state, ['RENEWAL']).filter((invoice) => invoice.status === 'PENDING');
  const cancel = [...undo.cancel, ...stale.filter((invoice) => !undo.cancel.some((id) => id.equals(invoice._id))).map((invoice) => invoice._id)];
  const reissued = stale.map((invoice) => renewalInvoice(state, target, invoice.periodStart ?? invoice.dueDate, toSeats));
  const due = renewalIfDue(state, set, cancel);
  const issue = [...reissued, ...(due && !reissued.some((spec) => spec.cycleKey === due.cycleKey) ? [due] : [])];
  return {
    decision: decision('DOWNGRADE_REQUESTED', { set, cancel, issue, creditsDelta: undo.creditsDelta }),
    change: describePending({ ...state, credits: { ...state.credits, balance: balance + undo.creditsDelta } }, current, target, change),
  };
}
