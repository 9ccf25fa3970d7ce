import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentWebhookEvent } from '../../plugins/payment-gateway/gateway';
import type { AdminStatus } from './rules/state-machine';
import type { PlanChange } from './rules/plan-change';
import { overrideStatus } from './use-cases/admin-status';
import { cancelNow } from './use-cases/cancel-now';
import { changePlan, previewPlanChange } from './use-cases/change-plan';
import { hasSeatAccess, syncUser, type BillingContext } from './use-cases/context';
import { payInvoice, type PaymentOutcome } from './use-cases/pay-invoice';
import { paymentStatus, type PaymentStatus } from './use-cases/payment-status';
import { pixQrCode, type PixQrCode } from './use-cases/pix-qr-code';
import { reactivate } from './use-cases/reactivate';
import { reconcile, type ReconciliationReport } from './use-cases/reconcile';
import { requestCancel } from './use-cases/request-cancel';
import { subscribe } from './use-cases/subscribe';
import { updatePaymentMethod } from './use-cases/update-payment-method';
import type { PaymentMethod, SubscriptionDocument } from './documents';
import type { UserDocument } from '../users/documents';
import type { ObjectId } from 'mongodb';

export { subscriptionNotFound, planNotFound, invoiceNotFound } from './use-cases/context';
export type { PlanChange, PixQrCode, PaymentOutcome, PaymentStatus, ReconciliationReport };

/**
 * The billing use cases (use-cases/, one file per operation) bound to this app's
 * repositories, gateway and clock. The rules are in rules/ (state machine, lifecycle, plan change, pricing, messages).
 */
export interface BillingService {
  /** `seats` ≥ 2 makes a laboratory account (price and credits × seats). */
  subscribe(user: UserDocument, planId: string, paymentMethod: PaymentMethod, seats?: number): Promise<SubscriptionDocument>;
  updatePaymentMethod(subscription: SubscriptionDocument, paymentMethod: PaymentMethod | undefined): Promise<SubscriptionDocument>;
  overrideStatus(subscription: SubscriptionDocument, status: AdminStatus): Promise<SubscriptionDocument>;
  changePlan(subscription: SubscriptionDocument, externalPlanId: string, seats?: number): Promise<{ subscription: SubscriptionDocument; change: PlanChange }>;
  previewPlanChange(subscription: SubscriptionDocument, externalPlanId: string, seats?: number): Promise<PlanChange>;
  requestCancel(subscription: SubscriptionDocument, reason: string, comment: string | undefined): Promise<SubscriptionDocument>;
  cancelNow(subscription: SubscriptionDocument): Promise<SubscriptionDocument>;
  reactivate(subscription: SubscriptionDocument): Promise<SubscriptionDocument>;
  pixQrCode(subscription: SubscriptionDocument): Promise<PixQrCode>;
  paymentStatus(subscription: SubscriptionDocument): Promise<PaymentStatus>;
  /** A verified `invoice.paid` event (webhook): applied once. */
  applyPaidEvent(event: PaymentWebhookEvent): Promise<PaymentOutcome>;
  /** One pass of the billing calendar (the reconciliation job). */
  reconcile(): Promise<ReconciliationReport>;
  /** Re-derives the profile's `subscription` / `hasActiveSubscription` (own subscription or a seat), after a seat changes. */
  syncAccess(userId: ObjectId): Promise<void>;
  /**
   * Whether the member may use what subscribers use, read live from the subscriptions: an ACTIVE
   * one of their own, or an ACTIVE TECHNICIAN seat in a laboratory account whose subscription is
   * ACTIVE (the profile's `hasActiveSubscription` flag alone opens nothing).
   */
  hasAccess(userId: ObjectId): Promise<boolean>;
}

export default fp(
  async function billingService(fastify: FastifyInstance) {
    const ctx: BillingContext = {
      subscriptions: fastify.subscriptionsRepository,
      invoices: fastify.invoicesRepository,
      plans: fastify.plansRepository,
      users: fastify.usersRepository,
      team: fastify.teamRepository,
      gateway: fastify.paymentGateway,
      now: () => fastify.clock.now(),
      log: fastify.log,
    };
    const service: BillingService = {
      subscribe: (user, planId, paymentMethod, seats) => subscribe(ctx, user, planId, paymentMethod, seats),
      updatePaymentMethod: (subscription, paymentMethod) => updatePaymentMethod(ctx, subscription, paymentMethod),
      overrideStatus: (subscription, status) => overrideStatus(ctx, subscription, status),
      changePlan: (subscription, externalPlanId, seats) => changePlan(ctx, subscription, externalPlanId, seats),
      previewPlanChange: (subscription, externalPlanId, seats) => previewPlanChange(ctx, subscription, externalPlanId, seats),
      requestCancel: (subscription, reason, comment) => requestCancel(ctx, subscription, reason, comment ?? null),
      cancelNow: (subscription) => cancelNow(ctx, subscription),
      reactivate: (subscription) => reactivate(ctx, subscription),
      pixQrCode: (subscription) => pixQrCode(ctx, subscription),
      paymentStatus: (subscription) => paymentStatus(ctx, subscription),
      applyPaidEvent: (event) => payInvoice(ctx, event),
      reconcile: () => reconcile(ctx),
      syncAccess: (userId) => syncUser(ctx, userId),
      hasAccess: async (userId) => (await ctx.subscriptions.hasActive(userId)) || hasSeatAccess(ctx, userId),
    };
    fastify.decorate('billing', service);
  },
  {
    name: 'billing',
    dependencies: ['clock', 'payment-gateway', 'plans-repository', 'subscriptions-repository', 'invoices-repository', 'users-repository', 'team-repository'],
  },
);
