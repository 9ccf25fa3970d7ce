import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentWebhookEvent } from '../../plugins/payment-gateway/gateway';
import type { AdminStatus } from './rules/state-machine';
import type { PlanChange } from './rules/plan-change';
import { overrideStatus, type StatusDecider } from './use-cases/admin-status';
import { cancelNow } from './use-cases/cancel-now';
import { changePlan, previewPlanChange } from './use-cases/change-plan';
import { hasSeatAccess, syncUser, type BillingContext } from './use-cases/context';
import { payInvoice, type PaymentOutcome } from './use-cases/pay-invoice';
import { paymentStatus, type PaymentStatus } from './use-cases/payment-status';
import { pixQrCode, type PixQrCode } from './use-cases/pix-qr-code';
import { reactivate } from './use-cases/reactivate';
import { confirmPix, type PixConfirmation, type ReportedPix } from './use-cases/confirm-pix';
import { reconcile, type ReconciliationReport } from './use-cases/reconcile';
import { requestCancel } from './use-cases/request-cancel';
import { subscribe } from './use-cases/subscribe';
import {
  ENDED_BY_PLAN_CHANGE,
  ENDED_WITH_SUBSCRIPTION,
  noPixAutomatic,
  startRecurrence,
  stopRecurrence,
  syncRecurrence,
  syncRecurringCharge,
  type PixAutomaticPayer,
  type PixAutomaticReconciliation,
  type RecurrenceSync,
  type RecurringChargeSync,
} from './use-cases/pix-automatic';
import { updatePaymentMethod } from './use-cases/update-payment-method';
import { withdraw, withdrawalPreview } from './use-cases/withdraw';
import type { Withdrawal } from './rules/withdrawal';
import { billingMail } from './use-cases/notify';
import type { PaymentMethod, SubscriptionDocument } from './documents';
import type { UserDocument } from '../users/documents';
import type { ObjectId } from 'mongodb';
import type { SubscriptionFilters } from './subscriptions-repository';

/** The admin list's query: `member` is part of a name or e-mail. */
export type SubscriptionQuery = Omit<SubscriptionFilters, 'userIds'> & { member?: string | undefined };

/** How many members a search by name or e-mail may match (the list then shows their subscriptions). */
const MEMBER_MATCHES = 1000;

export { subscriptionNotFound, planNotFound, invoiceNotFound } from './use-cases/context';
export type { PlanChange, PixQrCode, PaymentOutcome, PaymentStatus, ReconciliationReport, Withdrawal };

/**
 * The billing use cases (use-cases/, one file per operation) bound to this app's
 * repositories, gateway and clock. The rules are in rules/ (state machine, lifecycle, plan change, pricing, messages).
 */
export interface BillingService {
  /** `seats` ≥ 2 makes a laboratory account (price and credits × seats). */
  /** With `payer`: Pix Automático (one composite QR pays the first cycle and asks to authorize the next ones). */
  subscribe(user: UserDocument, planId: string, paymentMethod: PaymentMethod, seats?: number, payer?: PixAutomaticPayer): Promise<SubscriptionDocument>;
  /** "Desativar": ends the Pix Automático at the PSP; the next cycles are paid by plain PIX. */
  stopPixAutomatic(subscription: SubscriptionDocument): Promise<SubscriptionDocument>;
  /** API Pix `/rec` callback: each recurrence read back from the PSP before anything changes. */
  syncRecurrences(idRecs: string[]): Promise<RecurrenceSync[]>;
  /** API Pix `/cobr` callback: each recurring charge read back from the PSP before a cycle is paid. */
  syncRecurringCharges(txids: string[]): Promise<RecurringChargeSync[]>;
  updatePaymentMethod(subscription: SubscriptionDocument, paymentMethod: PaymentMethod | undefined): Promise<SubscriptionDocument>;
  /** An admin's decision, kept with who made it and why (`adminDecision`). */
  overrideStatus(subscription: SubscriptionDocument, status: AdminStatus, by: StatusDecider, reason: string | null): Promise<SubscriptionDocument>;
  changePlan(subscription: SubscriptionDocument, externalPlanId: string, seats?: number): Promise<{ subscription: SubscriptionDocument; change: PlanChange }>;
  previewPlanChange(subscription: SubscriptionDocument, externalPlanId: string, seats?: number): Promise<PlanChange>;
  requestCancel(subscription: SubscriptionDocument, reason: string, comment: string | undefined): Promise<SubscriptionDocument>;
  cancelNow(subscription: SubscriptionDocument): Promise<SubscriptionDocument>;
  /** The right of withdrawal (art. 49 CDC) now, if the member has it: until when and how much would come back. */
  withdrawalPreview(subscription: SubscriptionDocument): Promise<Withdrawal | null>;
  /** Ends the subscription now and refunds every payment through the gateway (first purchase, within 7 days). */
  withdraw(subscription: SubscriptionDocument, reason: string, comment: string | undefined): Promise<SubscriptionDocument>;
  reactivate(subscription: SubscriptionDocument): Promise<SubscriptionDocument>;
  pixQrCode(subscription: SubscriptionDocument): Promise<PixQrCode>;
  paymentStatus(subscription: SubscriptionDocument): Promise<PaymentStatus>;
  /** A payment confirmed by reading the charge back at the PSP (never a callback's body): applied once. */
  applyPaidEvent(event: PaymentWebhookEvent): Promise<PaymentOutcome>;
  /** One pass of the billing calendar (the reconciliation job). */
  reconcile(): Promise<ReconciliationReport>;
  /** API Pix `/pix` callback: each Pix read back from the PSP before it pays its invoice. */
  confirmPixPayments(payments: ReportedPix[]): Promise<PixConfirmation[]>;
  /** Re-derives the profile's `subscription` / `hasActiveSubscription` (own subscription or a seat), after a seat changes. */
  syncAccess(userId: ObjectId): Promise<void>;
  /**
   * Whether the member may use what subscribers use, read live from the subscriptions: an ACTIVE
   * one of their own, or an ACTIVE TECHNICIAN seat in a laboratory account whose subscription is
   * ACTIVE (the profile's `hasActiveSubscription` flag alone opens nothing).
   */
  hasAccess(userId: ObjectId): Promise<boolean>;
  /** The admin list's filters (GET /subscriptions/paginated, its CSV): a `member` search becomes the matching members' ids. */
  listFilters(query: SubscriptionQuery): Promise<SubscriptionFilters>;
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
    // E-mail (modules/mail): the triggers, apart from the use cases.
    const mail = billingMail(ctx, fastify.mail, fastify.config.publicWebUrl);
    /** The use case's answer, once its e-mail is queued (a failure to queue is logged, never the member's error). */
    const notified = async (subscription: SubscriptionDocument, send: (subscription: SubscriptionDocument) => Promise<void>) => {
      await send(subscription);
      return subscription;
    };
    /** Pix Automático's e-mails: activated (once per recurrence), each failed debit (once per attempt). */
    const pixAutomaticMail = async (report: PixAutomaticReconciliation) => {
      for (const change of report.recurrences) if (change.outcome === 'UPDATED' && change.status === 'APROVADA' && change.after) await mail.pixAutomaticActivated(change.after);
      for (const charge of report.charges) if (charge.newFailure) await mail.pixAutomaticDebitFailed(charge.newFailure.invoice, charge.newFailure.attempt, charge.newFailure.retryOn);
    };
    /** Ends the recurrence with the subscription's change; a PSP that does not answer now gets it from the reconciliation. */
    const stopQuietly = async (subscription: SubscriptionDocument, reason: string) => {
      try {
        return await stopRecurrence(ctx, subscription, reason);
      } catch (error) {
        ctx.log.warn({ subscriptionId: subscription._id.toHexString(), err: error instanceof Error ? error.message : String(error) }, 'recurrence not cancelled now; the reconciliation will');
        return subscription;
      }
    };
    const service: BillingService = {
      subscribe: async (user, planId, paymentMethod, seats, payer) => {
        let subscription = await subscribe(ctx, user, planId, paymentMethod, seats);
        if (payer) {
          try {
            subscription = await startRecurrence(ctx, subscription, (await ctx.plans.findById(planId))!, payer);
          } catch (error) {
            // Nothing half-created: the checkout (and its charge) goes away; the member tries again.
            await cancelNow(ctx, subscription);
            throw error;
          }
        }
        await mail.pixChargeIssued(subscription);
        return subscription;
      },
      stopPixAutomatic: async (subscription) => {
        const live = subscription.pixAutomatic?.status === 'CRIADA' || subscription.pixAutomatic?.status === 'APROVADA';
        if (!live) throw noPixAutomatic();
        return stopRecurrence(ctx, subscription, 'Você desativou o Pix Automático. Os próximos ciclos serão cobrados por PIX comum.');
      },
      syncRecurrences: async (idRecs) => {
        const results = [];
        for (const idRec of idRecs) results.push(await syncRecurrence(ctx, idRec));
        await pixAutomaticMail({ recurrences: results, charges: [] });
        return results;
      },
      syncRecurringCharges: async (txids) => {
        const results = [];
        for (const txid of txids) results.push(await syncRecurringCharge(ctx, txid, service.applyPaidEvent));
        await pixAutomaticMail({ recurrences: [], charges: results });
        return results;
      },
      updatePaymentMethod: (subscription, paymentMethod) => updatePaymentMethod(ctx, subscription, paymentMethod),
      overrideStatus: async (subscription, status, by, reason) => {
        const decided = await overrideStatus(ctx, subscription, status, by, reason);
        return decided.status === 'CANCELED' ? stopQuietly(decided, ENDED_WITH_SUBSCRIPTION) : decided;
      },
      changePlan: async (subscription, externalPlanId, seats) => {
        const changed = await changePlan(ctx, subscription, externalPlanId, seats);
        // API Pix 2.9.0 cannot revise a recurrence's amount: it ends; the member may authorize again.
        return { ...changed, subscription: await stopQuietly(changed.subscription, ENDED_BY_PLAN_CHANGE) };
      },
      previewPlanChange: (subscription, externalPlanId, seats) => previewPlanChange(ctx, subscription, externalPlanId, seats),
      requestCancel: async (subscription, reason, comment) =>
        notified(await stopQuietly(await requestCancel(ctx, subscription, reason, comment ?? null), ENDED_WITH_SUBSCRIPTION), mail.cancelRequested),
      cancelNow: async (subscription) => notified(await stopQuietly(await cancelNow(ctx, subscription), ENDED_WITH_SUBSCRIPTION), mail.canceled),
      withdrawalPreview: (subscription) => withdrawalPreview(ctx, subscription),
      withdraw: async (subscription, reason, comment) => notified(await stopQuietly(await withdraw(ctx, subscription, reason, comment ?? null), ENDED_WITH_SUBSCRIPTION), mail.canceled),
      reactivate: async (subscription) => notified(await reactivate(ctx, subscription), (after) => mail.reactivated(subscription, after)),
      pixQrCode: (subscription) => pixQrCode(ctx, subscription),
      paymentStatus: (subscription) => paymentStatus(ctx, subscription),
      applyPaidEvent: async (event) => {
        const outcome = await payInvoice(ctx, event);
        // A replayed event queues the receipt again under the same key: one message, even when a crash came between.
        await mail.paymentConfirmed(outcome.invoice);
        return outcome;
      },
      reconcile: async () => {
        const report = await reconcile(ctx, service.applyPaidEvent, { paused: mail.paymentOverdue, pixAutomatic: pixAutomaticMail });
        // The calendar's e-mails (renewal charges, reminders): each once per invoice, whichever pass comes first.
        await mail.pixCalendar();
        return report;
      },
      confirmPixPayments: async (payments) => {
        const results = [];
        for (const payment of payments) results.push(await confirmPix(ctx, payment, service.applyPaidEvent));
        return results;
      },
      syncAccess: (userId) => syncUser(ctx, userId),
      hasAccess: async (userId) => (await ctx.subscriptions.hasActive(userId)) || hasSeatAccess(ctx, userId),
      listFilters: async ({ member, ...filters }) => {
        const term = member?.trim();
        return term ? { ...filters, userIds: await ctx.users.findIdsMatching(term, MEMBER_MATCHES) } : filters;
      },
    };
    fastify.decorate('billing', service);
  },
  {
    name: 'billing',
    dependencies: ['clock', 'payment-gateway', 'plans-repository', 'subscriptions-repository', 'invoices-repository', 'users-repository', 'team-repository', 'mail'],
  },
);
