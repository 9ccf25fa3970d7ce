import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import type { PaymentWebhookEvent } from '../../billing/gateway';
import { addInterval } from '../../billing/intervals';
import type { InvoiceDocument, SubscriptionDocument } from '../../db/billing';
import { COLLECTIONS, type UserDocument } from '../../db/collections';
import { conflict, notFound } from '../../errors/app-error';

export interface PaymentOutcome {
  invoice: InvoiceDocument;
  /** True when this payment had already been applied (a replayed webhook): nothing changed. */
  duplicate: boolean;
}

export interface Payments {
  /** Applies a verified `invoice.paid` event once: the invoice's conditional PENDING/OVERDUE → PAID is the lock. */
  applyPaidEvent(event: PaymentWebhookEvent): Promise<PaymentOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export const invoiceNotFound = () => notFound('Fatura não encontrada.', 'INVOICE_NOT_FOUND');

export default fp(
  async function payments(fastify: FastifyInstance) {
    const invoices = fastify.invoicesRepository;
    const subscriptions = fastify.subscriptionsRepository;
    const users = () => fastify.mongo.db!.collection<UserDocument>(COLLECTIONS.users);
    const now = () => fastify.clock.now();

    async function applyPaidEvent(event: PaymentWebhookEvent): Promise<PaymentOutcome> {
      const invoice = ObjectId.isValid(event.data.invoiceId) ? await invoices.findById(event.data.invoiceId) : null;
      if (!invoice) throw invoiceNotFound();
      if (invoice.status === 'PAID') return { invoice, duplicate: true };
      if (invoice.externalId !== event.data.externalId) {
        throw conflict('A cobrança informada não é a cobrança atual desta fatura.', 'CHARGE_MISMATCH');
      }
      if (invoice.status === 'CANCELED') {
        throw conflict('Esta fatura foi cancelada e não pode mais ser paga.', 'INVOICE_CANCELED');
      }
      if (event.data.amountCents !== invoice.amountCents) {
        throw conflict('O valor pago não confere com o valor da fatura.', 'AMOUNT_MISMATCH');
      }
      const at = now();
      const reported = new Date(event.data.paidAt);
      const paidAt = Number.isNaN(reported.getTime()) || reported > at ? at : reported;

      const claimed = await invoices
        .collection()
        .findOneAndUpdate(
          { _id: invoice._id, status: { $in: ['PENDING', 'OVERDUE'] } },
          { $set: { status: 'PAID', paidAt, updatedAt: at } },
          { returnDocument: 'after' },
        );
      if (!claimed) {
        // Another delivery of the same event won the race.
        const current = (await invoices.findById(invoice._id))!;
        if (current.status === 'PAID') return { invoice: current, duplicate: true };
        throw conflict('Esta fatura foi cancelada e não pode mais ser paga.', 'INVOICE_CANCELED');
      }
      return { invoice: await applyToSubscription(claimed, paidAt), duplicate: false };
    }

    /** Runs once per invoice (after the claim): opens or extends the period and grants the credits. */
    async function applyToSubscription(invoice: InvoiceDocument, paidAt: Date): Promise<InvoiceDocument> {
      const subscription = await subscriptions.findById(invoice.subscriptionId);
      const plan = await fastify.plansRepository.findById(invoice.planId);
      if (!subscription || !plan) {
        fastify.log.error({ invoiceId: invoice._id.toHexString() }, 'paid invoice without subscription or plan');
        return invoice;
      }
      const periodStart = invoice.kind === 'RENEWAL' && invoice.periodStart ? invoice.periodStart : paidAt;
      const periodEnd = invoice.kind === 'RENEWAL' && invoice.periodEnd ? invoice.periodEnd : addInterval(paidAt, plan.interval);
      const set: Partial<SubscriptionDocument> = {
        status: 'ACTIVE',
        isOpen: true,
        planId: plan._id,
        externalPlanId: plan.externalPlanId,
        startDate: subscription.startDate ?? paidAt,
        currentPeriodStart: periodStart,
        endDate: periodEnd,
        updatedAt: now(),
      };
      // The change this invoice carried out is done (an upgrade, or a downgrade at renewal).
      if (subscription.pendingPlanChange?.planId.equals(plan._id)) set.pendingPlanChange = null;
      const updated = await subscriptions
        .collection()
        .updateOne({ _id: subscription._id, status: { $in: ['PENDING', 'ACTIVE', 'PAUSED'] } }, { $set: set });
      if (!updated.modifiedCount) {
        fastify.log.warn({ invoiceId: invoice._id.toHexString() }, 'payment for a subscription that is no longer open');
      }
      // An upgrade restarts the period: the renewal issued for the old one is void.
      if (invoice.kind === 'UPGRADE') await fastify.billing.cancelOpenInvoices(subscription._id, ['RENEWAL']);

      const credits = updated.modifiedCount ? plan.creditsPerCycle : 0;
      if (credits > 0) await users().updateOne({ _id: invoice.userId }, { $inc: { 'credits.balance': credits } });
      const paid = await invoices
        .collection()
        .findOneAndUpdate(
          { _id: invoice._id },
          { $set: { creditsGranted: credits, periodStart, periodEnd, updatedAt: now() } },
          { returnDocument: 'after' },
        );
      await fastify.billing.syncUser(subscription.userId);
      return paid ?? invoice;
    }

    fastify.decorate('payments', { applyPaidEvent });
  },
  { name: 'payments', dependencies: ['billing', 'invoices-repository', 'subscriptions-repository', 'plans-repository'] },
);
