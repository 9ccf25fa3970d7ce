import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Document, ObjectId } from 'mongodb';
import type { PlanInterval } from '../billing/documents';
import { COLLECTIONS } from '../users/documents';

/** Months in each plan interval: a price is divided by this to give its monthly value (MRR). */
const INTERVAL_MONTHS: Record<PlanInterval, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

/** Revenue months are calendar months in Brazil's time, as the admin reads them. */
export const METRICS_TIMEZONE = 'America/Sao_Paulo';
export const REVENUE_MONTHS = 12;
export const TOP_VIDEOS = 5;

export interface MetricsWindow {
  from: Date;
  to: Date;
}

export interface VideoRank {
  videoId: ObjectId;
  count: number;
  watchedSeconds: number;
}

export interface AdminMetrics {
  activeSubscribers: number;
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
 * The club's numbers for /admin/painel, read-only. Every figure is one aggregation pipeline that
 * the embedded store (mingo) and MongoDB both run, with stages both support ($match first on an
 * indexed field, then $group / $sort / $limit / $dateToString / $cond); no $lookup (titles and
 * prices are joined here, from a handful of documents). Definitions: api/README.md "Admin metrics".
 */
export interface AdminMetricsRepository {
  compute(window: MetricsWindow): Promise<AdminMetrics>;
}

declare module 'fastify' {
  interface FastifyInstance {
    adminMetrics: AdminMetricsRepository;
  }
}

/** "2026-03" for a date, in the metrics time zone. */
export function monthKey(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: METRICS_TIMEZONE, year: 'numeric', month: '2-digit' }).formatToParts(date);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value;
  return `${part('year')}-${part('month')}`;
}

/** The twelve month keys ending with the month of `last`, oldest first. */
export function lastMonths(last: Date, count = REVENUE_MONTHS): string[] {
  const [year, month] = monthKey(last).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const offset = month - 1 - (count - 1 - index);
    const y = year + Math.floor(offset / 12);
    const m = ((offset % 12) + 12) % 12;
    return `${y}-${String(m + 1).padStart(2, '0')}`;
  });
}

/** Midnight (Brazil) of the first day of a month key; Brazil has had no DST since 2019 (UTC−3). */
function monthStart(key: string): Date {
  return new Date(`${key}-01T03:00:00.000Z`);
}

export default fp(
  async function adminMetrics(fastify: FastifyInstance) {
    const db = () => fastify.store;
    const aggregate = <T extends Document>(collection: string, pipeline: Document[]) =>
      db().collection(collection).aggregate<T>(pipeline).toArray();

    /** Number of documents a $match selects. */
    const count = async (collection: string, match: Document) =>
      (await aggregate<{ n: number }>(collection, [{ $match: match }, { $count: 'n' }]))[0]?.n ?? 0;

    async function activeByPlan() {
      return aggregate<{ _id: ObjectId; subscribers: number }>(COLLECTIONS.subscriptions, [
        { $match: { status: 'ACTIVE' } },
        { $group: { _id: '$planId', subscribers: { $sum: 1 } } },
      ]);
    }

    async function revenueByMonth(to: Date) {
      // `to` is exclusive: the last month is the one holding the window's last instant
      const months = lastMonths(new Date(to.getTime() - 1));
      const rows = await aggregate<{ _id: string; amountCents: number; invoices: number }>(COLLECTIONS.invoices, [
        { $match: { status: 'PAID', paidAt: { $gte: monthStart(months[0]!), $lt: to } } },
        {
          $group: {
            _id: { $dateToString: { format: '%Y-%m', date: '$paidAt', timezone: METRICS_TIMEZONE } },
            amountCents: { $sum: '$amountCents' },
            invoices: { $sum: 1 },
          },
        },
      ]);
      const byMonth = new Map(rows.map((row) => [row._id, row]));
      return months.map((month) => ({ month, amountCents: byMonth.get(month)?.amountCents ?? 0, invoices: byMonth.get(month)?.invoices ?? 0 }));
    }

    const rankVideos = (match: Document) =>
      aggregate<{ _id: ObjectId; count: number; watchedSeconds: number }>(COLLECTIONS.videoProgress, [
        { $match: match },
        { $group: { _id: '$videoId', count: { $sum: 1 }, watchedSeconds: { $sum: '$watchedSeconds' } } },
        { $sort: { count: -1, watchedSeconds: -1, _id: 1 } },
        { $limit: TOP_VIDEOS },
      ]).then((rows) => rows.map((row) => ({ videoId: row._id, count: row.count, watchedSeconds: row.watchedSeconds })));

    const repository: AdminMetricsRepository = {
      async compute({ from, to }) {
        const window = { $gte: from, $lt: to };
        const [byPlan, plans, newSubscriptions, canceledSubscriptions, activeAtWindowStart, revenue, reasons, watched, finished, credits] =
          await Promise.all([
            activeByPlan(),
            fastify.plansRepository.mapAll(),
            // started paying inside the window (a checkout never paid has no startDate)
            count(COLLECTIONS.subscriptions, { startDate: window }),
            // ended inside the window, having been paid at least once
            count(COLLECTIONS.subscriptions, { canceledAt: window, status: 'CANCELED', startDate: { $ne: null } }),
            // paying before the window began and not yet ended when it began
            count(COLLECTIONS.subscriptions, {
              startDate: { $lt: from },
              $or: [{ canceledAt: null }, { canceledAt: { $gte: from } }],
            }),
            revenueByMonth(to),
            aggregate<{ _id: string; count: number }>(COLLECTIONS.subscriptions, [
              { $match: { 'cancelRequest.requestedAt': window } },
              { $group: { _id: '$cancelRequest.reason', count: { $sum: 1 } } },
              { $sort: { count: -1, _id: 1 } },
            ]),
            rankVideos({ watchedSeconds: { $gt: 0 } }),
            rankVideos({ finishedAt: window }),
            aggregate<{ credits: number; unlocks: number }>(COLLECTIONS.unlocks, [
              { $match: { createdAt: window, settled: true } },
              { $group: { _id: null, credits: { $sum: '$credits' }, unlocks: { $sum: 1 } } },
            ]),
          ]);

        let activeSubscribers = 0;
        let monthlyCents = 0;
        for (const row of byPlan) {
          activeSubscribers += row.subscribers;
          const plan = plans.get(row._id.toHexString());
          if (plan) monthlyCents += (row.subscribers * plan.priceCents) / INTERVAL_MONTHS[plan.interval];
        }
        return {
          activeSubscribers,
          mrrCents: Math.round(monthlyCents),
          newSubscriptions,
          canceledSubscriptions,
          activeAtWindowStart,
          churnRate: activeAtWindowStart === 0 ? null : Math.round((canceledSubscriptions / activeAtWindowStart) * 10_000) / 10_000,
          revenueByMonth: revenue,
          cancelReasons: reasons.map((row) => ({ reason: row._id, count: row.count })),
          mostWatchedVideos: watched,
          mostFinishedVideos: finished,
          creditsSpent: { credits: credits[0]?.credits ?? 0, unlocks: credits[0]?.unlocks ?? 0 },
        };
      },
    };

    fastify.decorate('adminMetrics', repository);
  },
  { name: 'admin-metrics', dependencies: ['mongodb', 'plans-repository'] },
);
