import type { FastifyBaseLogger } from 'fastify';
import { ObjectId } from 'mongodb';
import { normalizeCnpj } from '@clube/documents/cnpj';
import { seatsOf } from '../rules/pricing';
import type { InvoiceDocument, PaymentMethod, SubscriptionDocument } from '../documents';
import type { PlanDocument } from '../../plans/documents';
import type { LaboratoryAccountDocument } from '../../team/documents';
import { AppError, conflict, isDuplicateKeyError, notFound } from '../../../http/app-error';
import type { InvoicesRepository } from '../invoices-repository';
import type { PlansRepository } from '../../plans/plans-repository';
import type { SubscriptionsRepository } from '../subscriptions-repository';
import type { TeamRepository } from '../../team/team-repository';
import type { UsersRepository } from '../../users/users-repository';
import type { PaymentGateway } from '../../../plugins/payment-gateway/gateway';
import type { Decision, InvoiceSpec, LifecycleState } from '../rules/decision';
import { cancelRecurringCharge, issueRecurringCharge } from './pix-automatic';

/** What every use case works with: the repositories, the gateway and the clock. */
export interface BillingContext {
  subscriptions: SubscriptionsRepository;
  invoices: InvoicesRepository;
  plans: PlansRepository;
  users: UsersRepository;
  /** Laboratory accounts: seats follow the subscription, a seat's access follows its status. */
  team: TeamRepository;
  gateway: PaymentGateway;
  now(): Date;
  log: FastifyBaseLogger;
}

export const subscriptionNotFound = () => notFound('Assinatura não encontrada.', 'SUBSCRIPTION_NOT_FOUND');
export const planNotFound = () => notFound('Plano não encontrado.', 'PLAN_NOT_FOUND');
export const invoiceNotFound = () => notFound('Fatura não encontrada.', 'INVOICE_NOT_FOUND');
export const alreadyOpen = () =>
  conflict('Você já tem uma assinatura em andamento. Acompanhe ou altere a atual na página da assinatura.', 'SUBSCRIPTION_ALREADY_OPEN');
export const subscriptionChanged = () =>
  conflict('A assinatura mudou enquanto a operação era feita. Atualize a página e tente novamente.', 'SUBSCRIPTION_CHANGED');

/** Loads everything the lifecycle decides on. */
export async function loadState(ctx: BillingContext, subscriptionId: ObjectId): Promise<LifecycleState> {
  const subscription = await ctx.subscriptions.findById(subscriptionId);
  if (!subscription) throw subscriptionNotFound();
  const [invoices, plans, credits] = await Promise.all([
    ctx.invoices.findAllBySubscription(subscription._id),
    ctx.plans.mapAll(),
    ctx.users.creditsOf(subscription.userId),
  ]);
  return { now: ctx.now(), subscription, invoices, plans, credits };
}

/** Issues a charge at the gateway (none for a GRANT) and stores its invoice. */
export async function issueInvoice(ctx: BillingContext, subscription: SubscriptionDocument, spec: InvoiceSpec): Promise<InvoiceDocument> {
  const at = ctx.now();
  const grant = spec.kind === 'GRANT';
  // Pix Automático: a renewal of an authorized recurrence is debited by the payer's bank (`/cobr`).
  const recurring =
    spec.kind === 'RENEWAL'
      ? await issueRecurringCharge(ctx, subscription, { invoiceId: spec._id.toHexString(), amountCents: spec.amountCents, dueDate: spec.dueDate, description: spec.description })
      : null;
  const charge = grant
    ? { externalId: `grant_${spec._id.toHexString()}`, pix: null }
    : recurring
      ? { externalId: recurring.externalId, pix: null }
      : await ctx.gateway.createCharge({
        invoiceId: spec._id.toHexString(),
        kind: spec.kind,
        customerId: subscription.externalCustomerId,
        amountCents: spec.amountCents,
        dueDate: spec.dueDate,
        paymentMethod: subscription.paymentMethod,
        description: spec.description,
      });
  const invoice: InvoiceDocument = {
    _id: spec._id,
    subscriptionId: subscription._id,
    userId: subscription.userId,
    planId: spec.planId,
    kind: spec.kind,
    cycleKey: spec.cycleKey,
    amountCents: spec.amountCents,
    description: spec.description,
    dueDate: spec.dueDate,
    status: grant ? 'PAID' : 'PENDING',
    paidAt: grant ? at : null,
    periodStart: spec.periodStart,
    periodEnd: spec.periodEnd,
    externalId: charge.externalId,
    pix: charge.pix,
    creditsGranted: 0,
    seats: spec.seats,
    ...(spec.creditAppliedCents !== undefined ? { creditAppliedCents: spec.creditAppliedCents } : {}),
    ...(recurring ? { recurringCharge: recurring.recurringCharge } : {}),
    createdAt: at,
    updatedAt: at,
  };
  try {
    await ctx.invoices.insert(invoice);
  } catch (error) {
    if (recurring) await ctx.gateway.pixAutomatic?.cancelRecurringCharge(recurring.externalId);
    else if (!grant) await ctx.gateway.cancelCharge(charge.externalId);
    throw error;
  }
  return invoice;
}

/** A TECHNICIAN seat grants access while its account's subscription is ACTIVE (a cancel request included). */
export async function hasSeatAccess(ctx: Pick<BillingContext, 'team' | 'subscriptions'>, userId: ObjectId): Promise<boolean> {
  const seat = await ctx.team.findActiveSeat(userId);
  if (!seat || seat.role !== 'TECHNICIAN') return false;
  const account = await ctx.team.findAccountById(seat.accountId);
  if (!account) return false;
  const subscription = await ctx.subscriptions.findById(account.subscriptionId);
  return subscription?.status === 'ACTIVE';
}

/**
 * Points the profile at the open (else newest) subscription; `hasActiveSubscription` = it is
 * ACTIVE, or the user holds a TECHNICIAN seat whose account's subscription is.
 */
export async function syncUser(ctx: BillingContext, userId: ObjectId): Promise<void> {
  const current = await ctx.subscriptions.findCurrentForUser(userId);
  const active = current?.status === 'ACTIVE' || (await hasSeatAccess(ctx, userId));
  await ctx.users.setSubscriptionSummary(userId, current?._id ?? null, active, ctx.now());
}

/** Seats that may be occupied now: a reduction waiting for the next cycle (or for an upgrade's payment) already counts. */
export function seatLimitOf(subscription: SubscriptionDocument): number {
  return Math.min(seatsOf(subscription), subscription.pendingPlanChange?.seats ?? Infinity);
}

/** The payment methods a gateway can take today. There is no card gateway: a card would be saved and never charged. */
const GATEWAY_METHODS: readonly PaymentMethod[] = ['PIX'];

/** Refuses a method no gateway can take (422, nothing changed). */
export function checkPaymentMethod(paymentMethod: PaymentMethod | undefined): void {
  if (paymentMethod !== undefined && !GATEWAY_METHODS.includes(paymentMethod)) {
    throw new AppError(422, 'PAYMENT_METHOD_UNAVAILABLE', 'Pagamento com cartão de crédito ainda não está disponível. Pague com PIX.');
  }
}

export const laboratoryRequired = () =>
  new AppError(
    422,
    'LABORATORY_REQUIRED',
    'Para comprar mais de um assento, cadastre o laboratório com um CNPJ válido em Meu laboratório.',
  );

/**
 * The laboratory account follows its manager's subscription: created (with the MANAGER seat) once
 * the subscription has 2 or more seats, taken over by the manager's newer subscription, its seat
 * limit kept equal to `seatLimitOf`; the technicians' access is synced with the subscription. Fewer
 * seats lower the limit before the change is written (checkout, plan change), so the update here
 * is only refused if that order is broken: logged as an error.
 */
export async function syncAccount(ctx: BillingContext, subscription: SubscriptionDocument): Promise<LaboratoryAccountDocument | null> {
  const at = ctx.now();
  const limit = seatLimitOf(subscription);
  let account = await ctx.team.findAccountBySubscription(subscription._id);
  if (!account) {
    account = await ctx.team.findAccountByManager(subscription.userId);
    if (account) {
      await ctx.team.repointAccount(account._id, subscription._id, at);
      account = { ...account, subscriptionId: subscription._id };
    }
  }
  if (!account) {
    if (seatsOf(subscription) < 2) return null;
    account = await createAccount(ctx, subscription, limit, at);
    if (!account) return null;
  } else if (account.seats !== limit) {
    // Refused only when more seats are in use than the new limit (the plan change checks it first).
    if (await ctx.team.setSeatLimit(account._id, limit, at)) account = { ...account, seats: limit };
    else ctx.log.error({ accountId: account._id.toHexString(), limit }, 'seat limit kept: more seats in use than the subscription now has');
  }
  for (const seat of await ctx.team.listSeats(account._id)) {
    if (seat.role === 'TECHNICIAN') await syncUser(ctx, seat.userId);
  }
  return account;
}

async function createAccount(ctx: BillingContext, subscription: SubscriptionDocument, limit: number, at: Date) {
  const manager = await ctx.users.findById(subscription.userId);
  if (!manager?.laboratory) return null;
  const account: LaboratoryAccountDocument = {
    _id: new ObjectId(),
    managerId: manager._id,
    subscriptionId: subscription._id,
    name: manager.laboratory.name,
    cnpj: normalizeCnpj(manager.laboratory.cnpj),
    seats: limit,
    seatsUsed: 1,
    createdAt: at,
    updatedAt: at,
  };
  try {
    await ctx.team.insertAccount(account);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return ctx.team.findAccountBySubscription(subscription._id);
  }
  try {
    await ctx.team.insertSeat({
      _id: new ObjectId(),
      accountId: account._id,
      userId: manager._id,
      email: manager.email,
      role: 'MANAGER',
      status: 'ACTIVE',
      joinedAt: at,
      removedAt: null,
    });
  } catch (error) {
    // The checkout refuses a member who sits in another team; a race that slips through keeps that seat.
    if (!isDuplicateKeyError(error)) throw error;
    ctx.log.warn({ userId: manager._id.toHexString() }, 'manager already holds a seat in another laboratory account');
    await ctx.team.releaseSeat(account._id, at);
    return account;
  }
  await ctx.users.setTeam(manager._id, { accountId: account._id, role: 'MANAGER', laboratoryName: account.name }, at);
  return account;
}

/**
 * Writes a decision: first the subscription, conditional on the status and updatedAt it was
 * decided on (the lock: a concurrent change makes this a 409 and nothing else is written), then
 * the invoices it cancels, updates and issues, the credits, and the profile summary.
 */
export async function commit(ctx: BillingContext, state: LifecycleState, decision: Decision): Promise<SubscriptionDocument> {
  const at = ctx.now();
  // An admin's decision explains the status it set, and only that one: any other change of status clears it.
  const set = decision.set.status !== undefined && decision.set.adminDecision === undefined ? { ...decision.set, adminDecision: null } : decision.set;
  let updated: SubscriptionDocument | null;
  try {
    updated = await ctx.subscriptions.updateIfUnchanged(state.subscription, set, at);
  } catch (error) {
    if (isDuplicateKeyError(error)) throw alreadyOpen(); // reopening while another one is open
    throw error;
  }
  if (!updated) throw subscriptionChanged();

  for (const id of decision.cancel) {
    const invoice = state.invoices.find((candidate) => candidate._id.equals(id));
    if (invoice && (await ctx.invoices.cancelIfOpen(invoice, at))) {
      // A cycle debited by Pix Automático: its recurring charge goes too (else the bank could still debit it).
      await cancelRecurringCharge(ctx, invoice);
      if (invoice.pix || !invoice.recurringCharge) await ctx.gateway.cancelCharge(invoice.externalId, invoice.pix?.txid);
    }
  }
  for (const { _id, set } of decision.invoiceUpdates) await ctx.invoices.update(_id, set, at);
  for (const spec of decision.issue) {
    try {
      await issueInvoice(ctx, updated, spec);
    } catch (error) {
      // The other job instance issued this cycle's renewal first: the same invoice exists.
      if (!(isDuplicateKeyError(error) && spec.kind === 'RENEWAL')) throw error;
    }
  }
  await ctx.users.adjustCredits(updated.userId, decision.creditsDelta, at);
  await syncUser(ctx, updated.userId);
  await syncAccount(ctx, updated);
  return updated;
}

/** Loads, decides and commits; a lost race is retried with fresh state (for events that must apply). */
export async function run<T extends { decision: Decision | null }>(
  ctx: BillingContext,
  subscriptionId: ObjectId,
  decide: (state: LifecycleState) => T,
  options: { retries?: number } = {},
): Promise<T & { subscription: SubscriptionDocument; state: LifecycleState }> {
  const attempts = (options.retries ?? 0) + 1;
  for (let attempt = 1; ; attempt += 1) {
    const state = await loadState(ctx, subscriptionId);
    const outcome = decide(state);
    if (!outcome.decision) return { ...outcome, subscription: state.subscription, state };
    try {
      return { ...outcome, subscription: await commit(ctx, state, outcome.decision), state };
    } catch (error) {
      const lostRace = error instanceof AppError && error.code === 'SUBSCRIPTION_CHANGED';
      if (!lostRace || attempt >= attempts) throw error;
    }
  }
}

export type PlansById = ReadonlyMap<string, PlanDocument>;
export { ObjectId };
