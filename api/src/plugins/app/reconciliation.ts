import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addDays, addInterval } from '../../billing/intervals';
import { PAUSE_GRACE_DAYS, RENEWAL_LEAD_DAYS } from '../../billing/rules';
import type { SubscriptionDocument } from '../../db/billing';
import { isDuplicateKeyError } from '../../errors/app-error';

export interface ReconciliationReport {
  renewalsIssued: number;
  invoicesOverdue: number;
  subscriptionsPaused: number;
  checkoutsExpired: number;
  upgradesExpired: number;
  subscriptionsCanceled: number;
}

export interface Reconciliation {
  /** One pass over the billing calendar at the clock's "now"; safe to run twice at once. */
  run(): Promise<ReconciliationReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reconciliation: Reconciliation;
  }
}

/**
 * The billing calendar, enforced by the server on a schedule and at start. Every change is a
 * conditional update on the state that justified it, so two API instances running it at the
 * same moment do each thing once (the loser's update matches nothing).
 */
export default fp(
  async function reconciliation(fastify: FastifyInstance) {
    const { billing, plansRepository: plans, subscriptionsRepository: subscriptions, invoicesRepository: invoices } = fastify;

    async function issueRenewals(at: Date, report: ReconciliationReport) {
      const due = await subscriptions
        .collection()
        .find({ status: 'ACTIVE', cancelRequest: null, endDate: { $lte: addDays(at, RENEWAL_LEAD_DAYS) } })
        .toArray();
      for (const subscription of due) {
        const periodStart = subscription.endDate!;
        const cycleKey = `RENEWAL:${periodStart.toISOString()}`;
        if (await invoices.collection().findOne({ subscriptionId: subscription._id, cycleKey })) continue;
        const downgrade = subscription.pendingPlanChange?.kind === 'DOWNGRADE' ? subscription.pendingPlanChange.planId : null;
        const plan = await plans.findById(downgrade ?? subscription.planId);
        if (!plan) continue;
        try {
          await billing.issueInvoice(subscription, {
            kind: 'RENEWAL',
            plan,
            amountCents: plan.priceCents,
            dueDate: periodStart,
            periodStart,
            periodEnd: addInterval(periodStart, plan.interval),
            cycleKey,
            description: `Plano ${plan.name}: renovação`,
          });
          report.renewalsIssued += 1;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error; // the other instance issued it
        }
      }
    }

    async function settleOverdueInvoices(at: Date, report: ReconciliationReport) {
      const overdue = await invoices.collection().find({ status: 'PENDING', dueDate: { $lt: at } }).toArray();
      for (const invoice of overdue) {
        // A lapsed upgrade or checkout is void; a lapsed renewal is a debt that suspends access.
        const next = invoice.kind === 'RENEWAL' ? 'OVERDUE' : 'CANCELED';
        const claimed = await invoices.collection().updateOne({ _id: invoice._id, status: 'PENDING' }, { $set: { status: next, updatedAt: at } });
        if (!claimed.modifiedCount) continue;
        if (next === 'CANCELED') await fastify.paymentGateway.cancelCharge(invoice.externalId);

        if (invoice.kind === 'UPGRADE') {
          await subscriptions
            .collection()
            .updateOne({ _id: invoice.subscriptionId, 'pendingPlanChange.invoiceId': invoice._id }, { $set: { pendingPlanChange: null, updatedAt: at } });
          report.upgradesExpired += 1;
        } else if (invoice.kind === 'FIRST') {
          const expired = await subscriptions
            .collection()
            .updateOne({ _id: invoice.subscriptionId, status: 'PENDING' }, { $set: { status: 'CANCELED', isOpen: false, canceledAt: at, updatedAt: at } });
          if (expired.modifiedCount) report.checkoutsExpired += 1;
        } else {
          report.invoicesOverdue += 1;
          const subscription = await subscriptions.findById(invoice.subscriptionId);
          if (subscription?.status === 'ACTIVE') {
            const graceEnd = addDays(invoice.dueDate, PAUSE_GRACE_DAYS);
            const endDate = subscription.endDate && subscription.endDate > graceEnd ? subscription.endDate : graceEnd;
            const paused = await subscriptions
              .collection()
              .updateOne({ _id: subscription._id, status: 'ACTIVE' }, { $set: { status: 'PAUSED', endDate, updatedAt: at } });
            if (paused.modifiedCount) report.subscriptionsPaused += 1;
          }
        }
        await billing.syncUser(invoice.userId);
      }
    }

    /** PAUSED past endDate (the seed's auto-cancel), and cancel requests whose period ended. */
    async function cancelEnded(at: Date, report: ReconciliationReport) {
      const filters = [
        { status: 'PAUSED' as const, endDate: { $lt: at } },
        { status: 'ACTIVE' as const, cancelRequest: { $ne: null }, endDate: { $lte: at } },
      ];
      for (const filter of filters) {
        const ended: SubscriptionDocument[] = await subscriptions.collection().find(filter).toArray();
        for (const subscription of ended) {
          const canceled = await subscriptions
            .collection()
            .updateOne({ _id: subscription._id, ...filter }, { $set: { status: 'CANCELED', isOpen: false, canceledAt: at, updatedAt: at } });
          if (!canceled.modifiedCount) continue;
          report.subscriptionsCanceled += 1;
          await billing.cancelOpenInvoices(subscription._id);
          await billing.syncUser(subscription.userId);
        }
      }
    }

    async function run(): Promise<ReconciliationReport> {
      const at = fastify.clock.now();
      const report: ReconciliationReport = {
        renewalsIssued: 0,
        invoicesOverdue: 0,
        subscriptionsPaused: 0,
        checkoutsExpired: 0,
        upgradesExpired: 0,
        subscriptionsCanceled: 0,
      };
      await issueRenewals(at, report);
      await settleOverdueInvoices(at, report);
      await cancelEnded(at, report);
      return report;
    }

    let running: Promise<unknown> | null = null;
    const tick = (reason: string) => {
      if (running) return running; // one pass at a time per instance
      running = run()
        .then((report) => fastify.log.info({ reason, ...report }, 'billing reconciliation done'))
        .catch((error: unknown) => fastify.log.error({ err: error, reason }, 'billing reconciliation failed'))
        .finally(() => {
          running = null;
        });
      return running;
    };

    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      await tick('start');
      const every = fastify.config.reconcileIntervalMs;
      if (every > 0) {
        timer = setInterval(() => void tick('schedule'), every);
        timer.unref();
      }
    });
    fastify.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });

    fastify.decorate('reconciliation', { run });
  },
  { name: 'reconciliation', dependencies: ['billing', 'payment-gateway'] },
);
