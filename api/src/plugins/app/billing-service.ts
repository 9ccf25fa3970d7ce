import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId, type Filter } from 'mongodb';
import QRCode from 'qrcode';
import type {
  InvoiceDocument,
  InvoiceKind,
  PaymentMethod,
  PendingPlanChange,
  PlanDocument,
  SubscriptionDocument,
} from '../../db/billing';
import { COLLECTIONS, isOpenSubscriptionStatus, type SubscriptionStatus, type UserDocument } from '../../db/collections';
import { addDays, addInterval } from '../../billing/intervals';
import {
  FIRST_INVOICE_DUE_DAYS,
  formatBrl,
  formatDate,
  PAUSE_GRACE_DAYS,
  UPGRADE_DUE_DAYS,
  upgradeChargeCents,
} from '../../billing/rules';
import { AppError, conflict, isDuplicateKeyError, notFound } from '../../errors/app-error';

export type PlanChangeKind = 'UPGRADE' | 'DOWNGRADE' | 'IMMEDIATE' | 'REVERTED';

/** What a plan change costs and when: the page shows `message` as is. */
export interface PlanChange {
  kind: PlanChangeKind;
  fromPlan: PlanDocument;
  toPlan: PlanDocument;
  /** Charged by this change (0 when nothing is charged). */
  amountCents: number;
  /** Unused part of the current period discounted from an upgrade. */
  creditCents: number;
  /** When that amount is charged: now for an upgrade, the next cycle for a downgrade. */
  chargedAt: Date | null;
  dueDate: Date | null;
  /** When the new plan starts; null for an upgrade: on payment. */
  effectiveAt: Date | null;
  invoiceId: ObjectId | null;
  message: string;
}

export interface PixQrCode {
  invoice: InvoiceDocument;
  payload: string;
  qrCodeDataUrl: string;
  expiresAt: Date;
}

/**
 * PNG of the PIX payload. pngjs (under qrcode) accepts `filterType`; its adaptive default tries
 * five filters per row, ten times the work for no gain on a two-colour image.
 */
const QR_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 2,
  width: 320,
  rendererOpts: { filterType: 0 },
} as QRCode.QRCodeToDataURLOptions;

export type AdminStatus = Exclude<SubscriptionStatus, 'PENDING'>;

export interface BillingService {
  subscribe(user: UserDocument, planId: string, paymentMethod: PaymentMethod): Promise<SubscriptionDocument>;
  updatePaymentMethod(subscription: SubscriptionDocument, paymentMethod: PaymentMethod | undefined): Promise<SubscriptionDocument>;
  overrideStatus(subscription: SubscriptionDocument, status: AdminStatus): Promise<SubscriptionDocument>;
  changePlan(subscription: SubscriptionDocument, externalPlanId: string): Promise<{ subscription: SubscriptionDocument; change: PlanChange }>;
  requestCancel(subscription: SubscriptionDocument, reason: string, comment: string | undefined): Promise<SubscriptionDocument>;
  cancelNow(subscription: SubscriptionDocument): Promise<SubscriptionDocument>;
  reactivate(subscription: SubscriptionDocument): Promise<SubscriptionDocument>;
  pixQrCode(subscription: SubscriptionDocument): Promise<PixQrCode>;
  /** Issues a charge at the gateway and stores its invoice (duplicate cycleKey: 11000). */
  issueInvoice(subscription: SubscriptionDocument, input: IssueInvoiceInput): Promise<InvoiceDocument>;
  /** Cancels the open invoices of a subscription (all kinds, or those given). */
  cancelOpenInvoices(subscriptionId: ObjectId, kinds?: InvoiceKind[]): Promise<number>;
  /** Points `user.subscription` at the open (else newest) subscription and derives `hasActiveSubscription`. */
  syncUser(userId: ObjectId): Promise<void>;
  /** Conditional status change: fails with 409 when the subscription moved meanwhile. */
  transition(subscription: SubscriptionDocument, from: SubscriptionStatus[], set: Partial<SubscriptionDocument>): Promise<SubscriptionDocument>;
}

export interface IssueInvoiceInput {
  kind: InvoiceKind;
  plan: PlanDocument;
  amountCents: number;
  dueDate: Date;
  description: string;
  periodStart?: Date;
  periodEnd?: Date;
  cycleKey?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingService;
  }
}

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  PENDING: 'aguardando pagamento',
  ACTIVE: 'ativa',
  PAUSED: 'suspensa',
  CANCELED: 'cancelada',
};

export const subscriptionNotFound = () => notFound('Assinatura não encontrada.', 'SUBSCRIPTION_NOT_FOUND');
export const planNotFound = () => notFound('Plano não encontrado.', 'PLAN_NOT_FOUND');
const alreadyOpen = () =>
  conflict('Você já tem uma assinatura em andamento. Acompanhe ou altere a atual na página da assinatura.', 'SUBSCRIPTION_ALREADY_OPEN');
const invalidTransition = (message: string) => conflict(message, 'INVALID_TRANSITION');
const planUnavailable = () => conflict('Este plano não está disponível no momento. Escolha outro plano.', 'PLAN_UNAVAILABLE');

export default fp(
  async function billingService(fastify: FastifyInstance) {
    const gateway = fastify.paymentGateway;
    const plans = fastify.plansRepository;
    const subscriptions = fastify.subscriptionsRepository;
    const invoices = fastify.invoicesRepository;
    const users = () => fastify.mongo.db!.collection<UserDocument>(COLLECTIONS.users);
    const now = () => fastify.clock.now();

    const planOf = async (id: ObjectId) => {
      const plan = await plans.findById(id);
      if (!plan) throw new AppError(500, 'PLAN_MISSING', `plano ${id.toHexString()} da assinatura não existe`);
      return plan;
    };

    const service: BillingService = {
      async transition(subscription, from, set) {
        const $set: Partial<SubscriptionDocument> = { ...set, updatedAt: now() };
        if (set.status) $set.isOpen = isOpenSubscriptionStatus(set.status);
        try {
          const updated = await subscriptions
            .collection()
            .findOneAndUpdate({ _id: subscription._id, status: { $in: from } }, { $set }, { returnDocument: 'after' });
          if (!updated) {
            throw conflict('A assinatura mudou enquanto a operação era feita. Atualize a página e tente novamente.', 'SUBSCRIPTION_CHANGED');
          }
          return updated;
        } catch (error) {
          // Reopening a subscription while the member already holds another open one.
          if (isDuplicateKeyError(error)) throw alreadyOpen();
          throw error;
        }
      },

      async issueInvoice(subscription, input) {
        const _id = new ObjectId();
        const charge = await gateway.createCharge({
          invoiceId: _id.toHexString(),
          kind: input.kind,
          customerId: subscription.externalCustomerId,
          amountCents: input.amountCents,
          dueDate: input.dueDate,
          paymentMethod: subscription.paymentMethod,
          description: input.description,
        });
        const at = now();
        const invoice: InvoiceDocument = {
          _id,
          subscriptionId: subscription._id,
          userId: subscription.userId,
          planId: input.plan._id,
          kind: input.kind,
          cycleKey: input.cycleKey ?? `${input.kind}:${_id.toHexString()}`,
          amountCents: input.amountCents,
          description: input.description,
          dueDate: input.dueDate,
          status: 'PENDING',
          paidAt: null,
          periodStart: input.periodStart ?? null,
          periodEnd: input.periodEnd ?? null,
          externalId: charge.externalId,
          pix: charge.pix,
          creditsGranted: 0,
          createdAt: at,
          updatedAt: at,
        };
        try {
          await invoices.collection().insertOne(invoice);
        } catch (error) {
          await gateway.cancelCharge(charge.externalId);
          throw error;
        }
        return invoice;
      },

      async cancelOpenInvoices(subscriptionId, kinds) {
        const filter: Filter<InvoiceDocument> = { subscriptionId, status: { $in: ['PENDING', 'OVERDUE'] } };
        if (kinds) filter.kind = { $in: kinds };
        const open = await invoices.collection().find(filter).toArray();
        let canceled = 0;
        for (const invoice of open) {
          const result = await invoices
            .collection()
            .updateOne({ _id: invoice._id, status: { $in: ['PENDING', 'OVERDUE'] } }, { $set: { status: 'CANCELED', updatedAt: now() } });
          if (result.modifiedCount) {
            canceled += 1;
            await gateway.cancelCharge(invoice.externalId);
          }
        }
        return canceled;
      },

      async syncUser(userId) {
        const [current] = await subscriptions
          .collection()
          .find({ userId })
          .sort({ isOpen: -1, createdAt: -1, _id: -1 })
          .limit(1)
          .toArray();
        await users().updateOne(
          { _id: userId },
          { $set: { subscription: current?._id ?? null, hasActiveSubscription: current?.status === 'ACTIVE', updatedAt: now() } },
        );
      },

      async subscribe(user, planId, paymentMethod) {
        const plan = await plans.findById(planId);
        if (!plan) throw planNotFound();
        if (!plan.active) throw planUnavailable();
        if (await subscriptions.findOpenByUser(user._id)) throw alreadyOpen();

        const { customerId } = await gateway.createCustomer({ userId: user._id.toHexString(), email: user.email, name: user.name });
        const { externalId } = await gateway.createSubscription({ customerId, externalPlanId: plan.externalPlanId, paymentMethod });
        const at = now();
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
          // The unique partial index decides between concurrent checkouts of the same member.
          await subscriptions.collection().insertOne(subscription);
        } catch (error) {
          if (isDuplicateKeyError(error)) throw alreadyOpen();
          throw error;
        }
        try {
          await service.issueInvoice(subscription, firstInvoiceInput(plan, at));
        } catch (error) {
          // Without its invoice the checkout could never be paid: close it instead of blocking the member.
          await subscriptions
            .collection()
            .updateOne({ _id: subscription._id }, { $set: { status: 'CANCELED', isOpen: false, canceledAt: at, updatedAt: at } });
          throw error;
        }
        await service.syncUser(user._id);
        return subscription;
      },

      async updatePaymentMethod(subscription, paymentMethod) {
        if (subscription.status === 'CANCELED') {
          throw invalidTransition('Esta assinatura está cancelada: não é possível alterá-la. Reative-a ou assine um plano.');
        }
        if (paymentMethod === undefined || paymentMethod === subscription.paymentMethod) return subscription;
        const updated = await service.transition(subscription, ['PENDING', 'ACTIVE', 'PAUSED'], { paymentMethod });
        // Open charges get a payload for the new method when they are next shown.
        await invoices
          .collection()
          .updateMany({ subscriptionId: subscription._id, status: { $in: ['PENDING', 'OVERDUE'] } }, { $set: { pix: null, updatedAt: now() } });
        return updated;
      },

      async overrideStatus(subscription, status) {
        if (subscription.status === status) {
          throw invalidTransition(`A assinatura já está ${STATUS_LABELS[status]}.`);
        }
        if (status === 'CANCELED') return service.cancelNow(subscription);
        const at = now();
        let updated: SubscriptionDocument;
        if (status === 'PAUSED') {
          const endDate = subscription.endDate && subscription.endDate > at ? subscription.endDate : addDays(at, PAUSE_GRACE_DAYS);
          updated = await service.transition(subscription, [subscription.status], { status, endDate, canceledAt: null });
        } else {
          // ACTIVE by decision of an admin: open invoices are waived; the cycle they were for is granted.
          const plan = await planOf(subscription.planId);
          const open = await invoices.findOpen(subscription._id);
          const renewal = open.find((invoice) => invoice.kind === 'RENEWAL' && invoice.periodEnd && invoice.periodEnd > at);
          let period: Partial<SubscriptionDocument>;
          if (renewal) {
            period = { currentPeriodStart: renewal.periodStart, endDate: renewal.periodEnd };
          } else if (subscription.endDate && subscription.endDate > at && subscription.status === 'ACTIVE') {
            period = {};
          } else {
            period = { currentPeriodStart: at, endDate: addInterval(at, plan.interval) };
          }
          updated = await service.transition(subscription, [subscription.status], {
            status,
            ...period,
            startDate: subscription.startDate ?? at,
            canceledAt: null,
            pendingPlanChange: subscription.pendingPlanChange?.kind === 'DOWNGRADE' ? subscription.pendingPlanChange : null,
          });
          await service.cancelOpenInvoices(subscription._id);
        }
        await service.syncUser(subscription.userId);
        return updated;
      },

      async requestCancel(subscription, reason, comment) {
        if (subscription.status === 'ACTIVE' && subscription.cancelRequest) {
          throw invalidTransition('O cancelamento desta assinatura já foi solicitado.');
        }
        if (subscription.status !== 'ACTIVE') {
          throw invalidTransition(
            `Só é possível agendar o cancelamento de uma assinatura ativa (esta está ${STATUS_LABELS[subscription.status]}). Para encerrar agora, use "Cancelar agora".`,
          );
        }
        const updated = await subscriptions.collection().findOneAndUpdate(
          { _id: subscription._id, status: 'ACTIVE', cancelRequest: null },
          {
            $set: {
              cancelRequest: { reason, comment: comment ?? null, requestedAt: now() },
              pendingPlanChange: null,
              updatedAt: now(),
            },
          },
          { returnDocument: 'after' },
        );
        if (!updated) throw conflict('A assinatura mudou enquanto a operação era feita. Atualize a página e tente novamente.', 'SUBSCRIPTION_CHANGED');
        // Nothing more is charged: access lasts until endDate, then the reconciliation job cancels it.
        await service.cancelOpenInvoices(subscription._id, ['RENEWAL', 'UPGRADE']);
        await service.syncUser(subscription.userId);
        return updated;
      },

      async cancelNow(subscription) {
        if (subscription.status === 'CANCELED') throw invalidTransition('Esta assinatura já está cancelada.');
        const at = now();
        const updated = await service.transition(subscription, ['PENDING', 'ACTIVE', 'PAUSED'], {
          status: 'CANCELED',
          canceledAt: at,
          endDate: subscription.endDate && subscription.endDate < at ? subscription.endDate : subscription.endDate ? at : null,
          pendingPlanChange: null,
        });
        await service.cancelOpenInvoices(subscription._id);
        await service.syncUser(subscription.userId);
        return updated;
      },

      async reactivate(subscription) {
        const at = now();
        const periodLeft = subscription.endDate !== null && subscription.endDate > at;
        if (subscription.status === 'ACTIVE' && subscription.cancelRequest && periodLeft) {
          const updated = await subscriptions
            .collection()
            .findOneAndUpdate(
              { _id: subscription._id, status: 'ACTIVE', cancelRequest: { $ne: null } },
              { $set: { cancelRequest: null, updatedAt: at } },
              { returnDocument: 'after' },
            );
          if (!updated) throw conflict('A assinatura mudou enquanto a operação era feita. Atualize a página e tente novamente.', 'SUBSCRIPTION_CHANGED');
          await service.syncUser(subscription.userId);
          return updated;
        }
        if (subscription.status === 'CANCELED' || (subscription.status === 'ACTIVE' && subscription.cancelRequest)) {
          // The period is over: a new cycle starts when its first invoice is paid.
          const plan = await planOf(subscription.planId);
          if (!plan.active) {
            throw conflict('O plano desta assinatura não está mais disponível. Escolha um novo plano para assinar.', 'PLAN_UNAVAILABLE');
          }
          await service.cancelOpenInvoices(subscription._id);
          const updated = await service.transition(subscription, [subscription.status], {
            status: 'PENDING',
            cancelRequest: null,
            canceledAt: null,
            pendingPlanChange: null,
            currentPeriodStart: null,
            endDate: null,
          });
          await service.issueInvoice(updated, firstInvoiceInput(plan, at));
          await service.syncUser(subscription.userId);
          return updated;
        }
        if (subscription.status === 'ACTIVE') throw invalidTransition('Esta assinatura já está ativa.');
        if (subscription.status === 'PENDING') {
          throw invalidTransition('Esta assinatura aguarda o primeiro pagamento: pague a fatura em aberto para ativá-la.');
        }
        throw invalidTransition('Esta assinatura está suspensa por falta de pagamento: pague a fatura em aberto para reativá-la.');
      },

      async changePlan(subscription, externalPlanId) {
        const target = await plans.findByExternalId(externalPlanId);
        if (!target) throw planNotFound();
        if (subscription.status === 'CANCELED') {
          throw invalidTransition('Não é possível trocar o plano de uma assinatura cancelada. Reative-a ou assine um novo plano.');
        }
        if (subscription.status === 'PAUSED') throw invalidTransition('Pague a fatura em atraso antes de trocar de plano.');
        if (subscription.cancelRequest) {
          throw invalidTransition('O cancelamento desta assinatura foi solicitado. Reative-a antes de trocar de plano.');
        }
        const current = await planOf(subscription.planId);
        const at = now();
        const pending = subscription.pendingPlanChange;

        if (target._id.equals(current._id)) {
          if (!pending) throw invalidTransition(`Sua assinatura já está no plano ${current.name}.`);
          const updated = await clearPendingChange(subscription, current);
          return {
            subscription: updated,
            change: {
              kind: 'REVERTED',
              fromPlan: current,
              toPlan: current,
              amountCents: 0,
              creditCents: 0,
              chargedAt: null,
              dueDate: null,
              effectiveAt: null,
              invoiceId: null,
              message: `A troca de plano foi desfeita. Você continua no plano ${current.name}.`,
            },
          };
        }
        if (!target.active) throw planUnavailable();

        if (subscription.status === 'PENDING') {
          // Nothing was paid yet: the checkout simply switches plan and its first invoice follows.
          await service.cancelOpenInvoices(subscription._id);
          const updated = await service.transition(subscription, ['PENDING'], { planId: target._id, externalPlanId: target.externalPlanId });
          const invoice = await service.issueInvoice(updated, firstInvoiceInput(target, at));
          return {
            subscription: updated,
            change: {
              kind: 'IMMEDIATE',
              fromPlan: current,
              toPlan: target,
              amountCents: target.priceCents,
              creditCents: 0,
              chargedAt: at,
              dueDate: invoice.dueDate,
              effectiveAt: null,
              invoiceId: invoice._id,
              message: `Plano alterado para ${target.name}. A fatura em aberto passa a ser de ${formatBrl(target.priceCents)}, com vencimento em ${formatDate(invoice.dueDate)}; o plano começa quando o pagamento for confirmado.`,
            },
          };
        }

        // ACTIVE
        if (pending && pending.planId.equals(target._id)) return { subscription, change: await describePending(subscription, current, target) };
        const base = pending ? await clearPendingChange(subscription, current) : subscription;
        const isUpgrade = target.priceCents > current.priceCents;

        if (isUpgrade) {
          const { amountCents, creditCents } = upgradeChargeCents({
            currentPriceCents: current.priceCents,
            newPriceCents: target.priceCents,
            periodStart: base.currentPeriodStart ?? at,
            periodEnd: base.endDate ?? at,
            now: at,
          });
          const invoice = await service.issueInvoice(base, {
            kind: 'UPGRADE',
            plan: target,
            amountCents,
            dueDate: addDays(at, UPGRADE_DUE_DAYS),
            description: `Mudança para o plano ${target.name}`,
          });
          const change: PendingPlanChange = {
            kind: 'UPGRADE',
            planId: target._id,
            externalPlanId: target.externalPlanId,
            requestedAt: at,
            invoiceId: invoice._id,
            effectiveAt: null,
          };
          const updated = await service.transition(base, ['ACTIVE'], { pendingPlanChange: change });
          return { subscription: updated, change: await describePending(updated, current, target, creditCents) };
        }

        const change: PendingPlanChange = {
          kind: 'DOWNGRADE',
          planId: target._id,
          externalPlanId: target.externalPlanId,
          requestedAt: at,
          invoiceId: null,
          effectiveAt: base.endDate,
        };
        const updated = await service.transition(base, ['ACTIVE'], { pendingPlanChange: change });
        // A renewal already issued for the old plan is re-priced for the new one.
        const renewal = (await invoices.findOpen(subscription._id)).find((invoice) => invoice.kind === 'RENEWAL');
        if (renewal) await reprice(updated, renewal, target);
        return { subscription: updated, change: await describePending(updated, current, target) };
      },

      async pixQrCode(subscription) {
        if (subscription.paymentMethod !== 'PIX') {
          throw conflict('Esta assinatura é paga com cartão de crédito: não há código PIX. Altere a forma de pagamento para PIX.', 'PIX_NOT_AVAILABLE');
        }
        const [invoice] = await invoices.findOpen(subscription._id);
        if (!invoice) throw notFound('Não há fatura em aberto para esta assinatura.', 'NO_OPEN_INVOICE');
        let pix = invoice.pix;
        if (!pix || pix.expiresAt <= now()) {
          pix = await gateway.renewPix({
            invoiceId: invoice._id.toHexString(),
            externalId: invoice.externalId,
            kind: invoice.kind,
            customerId: subscription.externalCustomerId,
            amountCents: invoice.amountCents,
            dueDate: invoice.dueDate,
            paymentMethod: 'PIX',
            description: invoice.description,
          });
          await invoices
            .collection()
            .updateOne({ _id: invoice._id, status: { $in: ['PENDING', 'OVERDUE'] } }, { $set: { pix, updatedAt: now() } });
        }
        const qrCodeDataUrl = await QRCode.toDataURL(pix.payload, QR_OPTIONS);
        return { invoice: { ...invoice, pix }, payload: pix.payload, qrCodeDataUrl, expiresAt: pix.expiresAt };
      },
    };

    function firstInvoiceInput(plan: PlanDocument, at: Date): IssueInvoiceInput {
      return {
        kind: 'FIRST',
        plan,
        amountCents: plan.priceCents,
        dueDate: addDays(at, FIRST_INVOICE_DUE_DAYS),
        description: `Plano ${plan.name}: primeiro ciclo`,
      };
    }

    /** Replaces an open renewal's charge with one for another plan (same period, same cycle key). */
    async function reprice(subscription: SubscriptionDocument, invoice: InvoiceDocument, plan: PlanDocument): Promise<void> {
      const description = `Plano ${plan.name}: renovação`;
      const charge = await gateway.createCharge({
        invoiceId: invoice._id.toHexString(),
        kind: invoice.kind,
        customerId: subscription.externalCustomerId,
        amountCents: plan.priceCents,
        dueDate: invoice.dueDate,
        paymentMethod: subscription.paymentMethod,
        description,
      });
      const periodEnd = invoice.periodStart ? addInterval(invoice.periodStart, plan.interval) : invoice.periodEnd;
      const result = await invoices.collection().updateOne(
        { _id: invoice._id, status: 'PENDING' },
        {
          $set: {
            planId: plan._id,
            amountCents: plan.priceCents,
            description,
            periodEnd,
            externalId: charge.externalId,
            pix: charge.pix,
            updatedAt: now(),
          },
        },
      );
      await gateway.cancelCharge(result.modifiedCount ? invoice.externalId : charge.externalId);
    }

    async function clearPendingChange(subscription: SubscriptionDocument, current: PlanDocument): Promise<SubscriptionDocument> {
      const pending = subscription.pendingPlanChange;
      if (pending?.kind === 'UPGRADE' && pending.invoiceId) {
        const invoice = await invoices.findById(pending.invoiceId);
        if (invoice && invoice.status === 'PENDING') await service.cancelOpenInvoices(subscription._id, ['UPGRADE']);
      }
      if (pending?.kind === 'DOWNGRADE') {
        const renewal = (await invoices.findOpen(subscription._id)).find((invoice) => invoice.kind === 'RENEWAL');
        if (renewal && !renewal.planId.equals(current._id)) await reprice(subscription, renewal, current);
      }
      return service.transition(subscription, ['ACTIVE', 'PENDING'], { pendingPlanChange: null });
    }

    async function describePending(
      subscription: SubscriptionDocument,
      current: PlanDocument,
      target: PlanDocument,
      creditCents?: number,
    ): Promise<PlanChange> {
      const pending = subscription.pendingPlanChange!;
      if (pending.kind === 'UPGRADE') {
        const invoice = pending.invoiceId ? await invoices.findById(pending.invoiceId) : null;
        const amountCents = invoice?.amountCents ?? 0;
        const credit = creditCents ?? Math.max(0, target.priceCents - amountCents);
        return {
          kind: 'UPGRADE',
          fromPlan: current,
          toPlan: target,
          amountCents,
          creditCents: credit,
          chargedAt: pending.requestedAt,
          dueDate: invoice?.dueDate ?? null,
          effectiveAt: null,
          invoiceId: invoice?._id ?? null,
          message:
            `Será cobrado agora ${formatBrl(amountCents)}: ${formatBrl(target.priceCents)} do plano ${target.name} menos ` +
            `${formatBrl(credit)} pelos dias não usados do plano ${current.name}. O plano ${target.name} começa quando o pagamento ` +
            `for confirmado (vencimento em ${invoice ? formatDate(invoice.dueDate) : '-'}), com um novo ciclo a partir dessa data.`,
        };
      }
      const effectiveAt = pending.effectiveAt ?? subscription.endDate;
      return {
        kind: 'DOWNGRADE',
        fromPlan: current,
        toPlan: target,
        amountCents: target.priceCents,
        creditCents: 0,
        chargedAt: effectiveAt,
        dueDate: effectiveAt,
        effectiveAt,
        invoiceId: null,
        message:
          `Nada é cobrado agora. Você continua no plano ${current.name} até ${effectiveAt ? formatDate(effectiveAt) : 'o fim do ciclo'}; ` +
          `a partir daí vale o plano ${target.name}, com cobrança de ${formatBrl(target.priceCents)}.`,
      };
    }

    fastify.decorate('billing', service);
  },
  {
    name: 'billing',
    dependencies: ['mongodb', 'clock', 'payment-gateway', 'plans-repository', 'subscriptions-repository', 'invoices-repository'],
  },
);
