import { ObjectId } from 'mongodb';
import type { PaymentMethod, SubscriptionDocument } from '../../db/billing';
import type { UserDocument } from '../../db/collections';
import { conflict, isDuplicateKeyError } from '../../errors/app-error';
import { decideCheckout } from '../lifecycle';
import { alreadyOpen, issueInvoice, planNotFound, syncUser, type BillingContext } from './context';

/** Checkout: a PENDING subscription and its FIRST invoice. The unique partial index decides between concurrent checkouts. */
export async function subscribe(ctx: BillingContext, user: UserDocument, planId: string, paymentMethod: PaymentMethod): Promise<SubscriptionDocument> {
  const plan = await ctx.plans.findById(planId);
  if (!plan) throw planNotFound();
  if (!plan.active) throw conflict('Este plano não está disponível no momento. Escolha outro plano.', 'PLAN_UNAVAILABLE');
  if (await ctx.subscriptions.findOpenByUser(user._id)) throw alreadyOpen();

  const at = ctx.now();
  const first = decideCheckout(at, plan);
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
  return subscription;
}
