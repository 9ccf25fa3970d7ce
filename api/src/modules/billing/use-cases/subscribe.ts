import { ObjectId } from 'mongodb';
import type { PaymentMethod, SubscriptionDocument } from '../documents';
import type { UserDocument } from '../../users/documents';
import type { PlanDocument } from '../../plans/documents';
import { conflict, isDuplicateKeyError } from '../../../http/app-error';
import { isValidCnpj } from '../../users/rules/laboratory';
import { decideCheckout } from '../rules/lifecycle';
import { alreadyOpen, checkPaymentMethod, issueInvoice, laboratoryRequired, planNotFound, syncAccount, syncUser, type BillingContext } from './context';

export const seatsInUse = (seats: number) =>
  conflict(`Remova pessoas da equipe antes de reduzir para ${seats} assento${seats === 1 ? '' : 's'}.`, 'SEATS_IN_USE');
export const alreadyOnTeam = () =>
  conflict(
    'Você já faz parte da equipe de um laboratório. Peça ao gestor para remover você antes de comprar assentos.',
    'ALREADY_ON_TEAM',
  );

/**
 * Seats beyond one make a laboratory account: the buyer needs a profile laboratory with a valid
 * CNPJ and must not sit in another laboratory's team; a manager's existing account (from an
 * earlier subscription) must fit in the new number of seats.
 */
export async function checkSeats(ctx: BillingContext, user: UserDocument, seats: number): Promise<void> {
  const account = await ctx.team.findAccountByManager(user._id);
  if (seats >= 2 && !account) {
    if (!user.laboratory || !isValidCnpj(user.laboratory.cnpj)) throw laboratoryRequired();
    const seat = await ctx.team.findActiveSeat(user._id);
    if (seat && seat.role === 'TECHNICIAN') throw alreadyOnTeam();
  }
  if (account && account.seatsUsed > seats) throw seatsInUse(seats);
}

/**
 * Fewer seats than the manager's account has: its limit is lowered now, by one conditional update
 * refused while more seats are in use, so an acceptance racing the checkout cannot take a seat being
 * given up (issue 25). Answers how to put the limit back if the checkout then fails.
 */
async function lowerSeatLimit(ctx: BillingContext, user: UserDocument, seats: number): Promise<() => Promise<void>> {
  const account = await ctx.team.findAccountByManager(user._id);
  if (!account || seats >= account.seats) return async () => undefined;
  if (!(await ctx.team.setSeatLimit(account._id, seats, ctx.now()))) throw seatsInUse(seats);
  return async () => {
    const paying = await ctx.subscriptions.findById(account.subscriptionId);
    if (paying) await syncAccount(ctx, paying);
  };
}

/** Checkout: a PENDING subscription and its FIRST invoice (plan price × seats). The unique partial index decides between concurrent checkouts. */
export async function subscribe(
  ctx: BillingContext,
  user: UserDocument,
  planId: string,
  paymentMethod: PaymentMethod,
  seats = 1,
): Promise<SubscriptionDocument> {
  checkPaymentMethod(paymentMethod);
  const plan = await ctx.plans.findById(planId);
  if (!plan) throw planNotFound();
  if (!plan.active) throw conflict('Este plano não está disponível no momento. Escolha outro plano.', 'PLAN_UNAVAILABLE');
  if (await ctx.subscriptions.findOpenByUser(user._id)) throw alreadyOpen();
  await checkSeats(ctx, user, seats);
  const restoreSeatLimit = await lowerSeatLimit(ctx, user, seats);
  try {
    return await open(ctx, user, plan, paymentMethod, seats);
  } catch (error) {
    await restoreSeatLimit();
    throw error;
  }
}

async function open(ctx: BillingContext, user: UserDocument, plan: PlanDocument, paymentMethod: PaymentMethod, seats: number): Promise<SubscriptionDocument> {
  const at = ctx.now();
  const first = decideCheckout(at, plan, undefined, seats);
  const { customerId } = await ctx.gateway.createCustomer({ userId: user._id.toHexString(), email: user.email, name: user.name });
  const { externalId } = await ctx.gateway.createSubscription({ customerId, externalPlanId: plan.externalPlanId, paymentMethod });
  const subscription: SubscriptionDocument = {
    _id: new ObjectId(),
    userId: user._id,
    planId: plan._id,
    externalPlanId: plan.externalPlanId,
    externalId,
    externalCustomerId: customerId,
    paymentMethod,
    status: 'PENDING',
    isOpen: true,
    startDate: null,
    currentPeriodStart: null,
    endDate: null,
    cancelRequest: null,
    canceledAt: null,
    pendingPlanChange: null,
    seats,
    createdAt: at,
    updatedAt: at,
  };
  try {
    await ctx.subscriptions.insert(subscription);
  } catch (error) {
    if (isDuplicateKeyError(error)) throw alreadyOpen();
    throw error;
  }
  try {
    await issueInvoice(ctx, subscription, first);
  } catch (error) {
    // Without its invoice the checkout could never be paid: close it instead of blocking the member.
    await ctx.subscriptions.updateIfUnchanged(subscription, { status: 'CANCELED', canceledAt: at }, at);
    throw error;
  }
  await syncUser(ctx, user._id);
  await syncAccount(ctx, subscription);
  return subscription;
}
