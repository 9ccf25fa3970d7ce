import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { INTERVAL_MONTHS } from '../billing/rules/calendar';
import type { VideoRank } from '../progress/progress-repository';
import { lastMonths, METRICS_TIMEZONE, monthStart } from './rules/months';

export const TOP_VIDEOS = 5;

export interface MetricsWindow {
  from: Date;
  to: Date;
}

export interface AdminMetrics {
  activeSubscribers: number;
  /** Of them, those whose renewals are debited by Pix Automático. */
  pixAutomaticSubscribers: number;
  mrrCents: number;
  newSubscriptions: number;
  canceledSubscriptions: number;
  activeAtWindowStart: number;
  churnRate: number | null;
  revenueByMonth: { month: string; amountCents: number; invoices: number }[];
  cancelReasons: { reason: string; count: number }[];
  mostWatchedVideos: VideoRank[];
  mostFinishedVideos: VideoRank[];
  creditsSpent: { credits: number; unlocks: number };
}

/**
 * The club's numbers for /admin/painel, read-only. The admin module owns no data: each figure is
 * a named operation of the module that owns it (billing, progress, entitlements), each one
 * aggregation pipeline both the embedded store (mingo) and MongoDB run; plan prices and video
 * titles are joined here, from a handful of documents. Definitions: modules/admin/README.md.
 */
export interface AdminMetricsService {
  compute(window: MetricsWindow): Promise<AdminMetrics>;
}

export default fp(
  async function adminMetrics(fastify: FastifyInstance) {
    const subscriptions = fastify.subscriptionsRepository;

    async function revenueByMonth(to: Date) {
      // `to` is exclusive: the last month is the one holding the window's last instant
      const months = lastMonths(new Date(to.getTime() - 1));
      const rows = await fastify.invoicesRepository.paidByMonth(monthStart(months[0]!), to, METRICS_TIMEZONE);
      const byMonth = new Map(rows.map((row) => [row.month, row]));
      return months.map((month) => ({ month, amountCents: byMonth.get(month)?.amountCents ?? 0, invoices: byMonth.get(month)?.invoices ?? 0 }));
    }

    const service: AdminMetricsService = {
      async compute(window) {
        const { from, to } = window;
        const [byPlan, plans, newSubscriptions, canceledSubscriptions, activeAtWindowStart, revenue, cancelReasons, watched, finished, credits, pixAutomaticSubscribers] =
          await Promise.all([
            subscriptions.activeByPlan(),
            fastify.plansRepository.mapAll(),
            subscriptions.countStarted(window),
            subscriptions.countCanceled(window),
            subscriptions.countPayingAt(from),
            revenueByMonth(to),
            subscriptions.cancelReasons(window),
            fastify.progressRepository.mostWatched(TOP_VIDEOS),
            fastify.progressRepository.mostFinished(from, to, TOP_VIDEOS),
            fastify.unlocksRepository.creditsSpent(from, to),
            subscriptions.countOnPixAutomatic(),
          ]);

        let activeSubscribers = 0;
        let monthlyCents = 0;
        for (const row of byPlan) {
          activeSubscribers += row.subscribers;
          const plan = plans.get(row.planId.toHexString());
          if (plan) monthlyCents += (row.subscribers * plan.priceCents) / INTERVAL_MONTHS[plan.interval];
        }
        return {
          activeSubscribers,
          pixAutomaticSubscribers,
          mrrCents: Math.round(monthlyCents),
          newSubscriptions,
          canceledSubscriptions,
          activeAtWindowStart,
          churnRate: activeAtWindowStart === 0 ? null : Math.round((canceledSubscriptions / activeAtWindowStart) * 10_000) / 10_000,
          revenueByMonth: revenue,
          cancelReasons,
          mostWatchedVideos: watched,
          mostFinishedVideos: finished,
          creditsSpent: credits,
        };
      },
    };

    fastify.decorate('adminMetrics', service);
  },
  {
    name: 'admin-metrics',
    dependencies: ['plans-repository', 'subscriptions-repository', 'invoices-repository', 'progress-repository', 'unlocks-repository'],
  },
);
