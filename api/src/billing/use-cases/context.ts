import type { FastifyBaseLogger } from 'fastify';
import { ObjectId } from 'mongodb';
import type { InvoiceDocument, PlanDocument, SubscriptionDocument } from '../../db/billing';
import { AppError, conflict, isDuplicateKeyError, notFound } from '../../errors/app-error';
import type { InvoicesRepository } from '../../plugins/app/invoices-repository';
import type { PlansRepository } from '../../plugins/app/plans-repository';
import type { SubscriptionsRepository } from '../../plugins/app/subscriptions-repository';
import type { UsersRepository } from '../../plugins/app/users-repository';
import type { PaymentGateway } from '../gateway';
import type { Decision, InvoiceSpec, LifecycleState } from '../lifecycle';

/** What every use case works with: the repositories, the gateway and the clock. */
export interface BillingContext {
  subscriptions: SubscriptionsRepository;
  invoices: InvoicesRepository;
  plans: PlansRepository;
  users: UsersRepository;
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
  const charge = grant
    ? { externalId: `grant_${spec._id.toHexString()}`, pix: null }
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
    ...(spec.creditAppliedCents !== undefined ? { creditAppliedCents: spec.creditAppliedCents } : {}),
    createdAt: at,
    updatedAt: at,
  };
  try {
    await ctx.invoices.insert(invoice);
  } catch (error) {
    if (!grant) await ctx.gateway.cancelCharge(charge.externalId);
    throw error;
  }
  return invoice;
}

/** Points the profile at the open (else newest) subscription; `hasActiveSubscription` = it is ACTIVE. */
export async function syncUser(ctx: BillingContext, userId: ObjectId): Promise<void> {
  const current = await ctx.subscriptions.findCurrentForUser(userId);
  await ctx.users.setSubscriptionSummary(userId, current?._id ?? null, current?.status === 'ACTIVE', ctx.now());
}

/**
 * Writes a decision: first the subscription, conditional on the status and updatedAt it was
 * decided on (the lock: a concurrent change makes this a 409 and nothing else is written), then
 * the invoices it cancels, updates and issues, the credits, and the profile summary.
 */
export async function commit(ctx: BillingContext, state: LifecycleState, decision: Decision): Promise<SubscriptionDocument> {
  const at = ctx.now();
  let updated: SubscriptionDocument | null;
  try {
    updated = await ctx.subscriptions.updateIfUnchanged(state.subscription, decision.set, at);
  } catch (error) {
    if (isDuplicateKeyError(error)) throw alreadyOpen(); // reopening while another one is open
    throw error;
  }
  if (!updated) throw subscriptionChanged();

  for (const id of decision.cancel) {
    const invoice = state.invoices.find((candidate) => candidate._id.equals(id));
    if (invoice && (await ctx.invoices.cancelIfOpen(invoice, at))) await ctx.gateway.cancelCharge(invoice.externalId);
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
