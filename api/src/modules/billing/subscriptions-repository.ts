import type { FastifyInstance } from 'fastify';
import { bumpingOnWrite } from '../../plugins/response-cache';
import fp from 'fastify-plugin';
import type { Document, Filter, ObjectId } from 'mongodb';
import type { PixAutomaticState, SubscriptionDocument } from './documents';
import { BILLING_COLLECTIONS } from './collections';
import { isOpenSubscriptionStatus } from './rules/state-machine';
import type { SubscriptionStatus } from './documents';
import { toObjectId } from '../../store/object-id';
import { findPage, type PageRequest } from '../../store/pagination';

export interface SubscriptionFilters {
  planId?: string | undefined;
  userId?: string | undefined;
  /** Only these members' (the admin's search by name or e-mail, resolved by the users module). */
  userIds?: ObjectId[] | undefined;
  status?: SubscriptionStatus | undefined;
}

export type SubscriptionListFilters = SubscriptionFilters & PageRequest;

/** A window of time [from, to). */
export interface Window {
  from: Date;
  to: Date;
}

/** The filter of GET /subscriptions/paginated (and of its CSV export): same parameters, same meaning. */
function listFilter({ planId, userId, userIds, status }: SubscriptionFilters): Filter<SubscriptionDocument> {
  const filter: Filter<SubscriptionDocument> = {};
  if (planId) filter.planId = toObjectId(planId);
  if (userIds) filter.userId = { $in: userId ? userIds.filter((id) => id.equals(toObjectId(userId))) : userIds };
  else if (userId) filter.userId = toObjectId(userId);
  if (status) filter.status = status;
  return filter;
}

/**
 * Named operations only: the billing use cases (use-cases/) are the only writers, and
 * every write after the insert is conditional on the status and `updatedAt` they loaded.
 */
export interface SubscriptionsRepository {
  findById(id: string | ObjectId): Promise<SubscriptionDocument | null>;
  /** Whose subscription it is (an owner route's check, before the handler): only `userId` is read. */
  findOwner(id: string): Promise<ObjectId | null>;
  findOpenByUser(userId: ObjectId): Promise<SubscriptionDocument | null>;
  /** The open subscription of a member, else the newest (what the profile points at). */
  findCurrentForUser(userId: ObjectId): Promise<SubscriptionDocument | null>;
  hasActive(userId: ObjectId): Promise<boolean>;
  /** Newest first. */
  list(filters: SubscriptionListFilters): Promise<{ data: SubscriptionDocument[]; total: number }>;
  /** Throws the driver's duplicate-key error when the member already holds an open one. */
  insert(subscription: SubscriptionDocument): Promise<void>;
  /**
   * `$set` if the document still has the loaded status and updatedAt; keeps `isOpen` in step
   * with `status`. Null when it moved meanwhile. Duplicate key (reopening while another is open) throws.
   */
  updateIfUnchanged(loaded: Pick<SubscriptionDocument, '_id' | 'status' | 'updatedAt'>, set: Partial<SubscriptionDocument>, at: Date): Promise<SubscriptionDocument | null>;
  /** For the reconciliation job: ACTIVE ones whose renewal window has opened. */
  listIdsInRenewalWindow(windowEnd: Date): Promise<ObjectId[]>;
  /** For the reconciliation job: PAUSED past endDate and cancel requests whose period ended. */
  listIdsEnded(now: Date): Promise<ObjectId[]>;
  /** Pix Automático: the subscription a recurrence belongs to (a `/rec` callback names only the idRec). */
  findByIdRec(idRec: string): Promise<SubscriptionDocument | null>;
  /**
   * Pix Automático: writes the recurrence's state, apart from the lifecycle (no `updatedAt` of the
   * subscription moves). With `replacing`, only while the subscription still holds that recurrence
   * (or none, for null). Answers whether it was written.
   */
  setPixAutomatic(id: ObjectId, state: PixAutomaticState | null, replacing: string | null): Promise<boolean>;
  /** Pix Automático: subscriptions whose recurrence is asked for or authorized (the reconciliation reads them back). */
  listWithLiveRecurrence(): Promise<SubscriptionDocument[]>;

  /** Every subscription matching the list's filters, newest first, read as it is written (CSV export). */
  streamAll(filters: SubscriptionFilters): AsyncIterable<SubscriptionDocument>;
  /** The member's subscriptions, newest first (LGPD export). */
  allForUser(userId: ObjectId): Promise<SubscriptionDocument[]>;
  /**
   * LGPD erasure: the subscriptions stay (fiscal records) with the member's id replaced by
   * `erasureId`, the gateway customer id and the cancellation comment (free text) removed. Answers how many.
   */
  eraseOwner(userId: ObjectId, erasureId: ObjectId, at: Date): Promise<number>;

  // Admin metrics: each one pipeline that both backends run, $match first on an indexed field.
  /** ACTIVE subscriptions now, by plan. */
  activeByPlan(): Promise<{ planId: ObjectId; subscribers: number }[]>;
  /** Paid for the first time in the window (an unpaid checkout has no startDate). */
  countStarted(window: Window): Promise<number>;
  /** Ended in the window, having been paid at least once. */
  countCanceled(window: Window): Promise<number>;
  /** Paying before `at` and not ended before it. */
  countPayingAt(at: Date): Promise<number>;
  /** ACTIVE subscriptions whose renewals are debited by Pix Automático (an APROVADA recurrence). */
  countOnPixAutomatic(): Promise<number>;
  /** Cancel requests made in the window, by reason, most frequent first. */
  cancelReasons(window: Window): Promise<{ reason: string; count: number }[]>;
}

export default fp(
  async function subscriptionsRepository(fastify: FastifyInstance) {
    // Access shows in every member's cached reads, and a seat's access follows another member's subscription: `members`.
    const collection = () => bumpingOnWrite(fastify.store.collection<SubscriptionDocument>(BILLING_COLLECTIONS.subscriptions), fastify.responseCache, 'members');
    const ids = async (filter: Filter<SubscriptionDocument>) =>
      (await collection().find(filter, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id);

    const repository: SubscriptionsRepository = {
      countOnPixAutomatic: () => collection().countDocuments({ status: 'ACTIVE', 'pixAutomatic.status': 'APROVADA' }),

      findByIdRec: (idRec) => collection().findOne({ 'pixAutomatic.idRec': idRec }),

      async setPixAutomatic(id, state, replacing) {
        const current: Filter<SubscriptionDocument> = replacing === null ? { $or: [{ pixAutomatic: null }, { pixAutomatic: { $exists: false } }] } : { 'pixAutomatic.idRec': replacing };
        return (await collection().updateOne({ _id: id, ...current }, { $set: { pixAutomatic: state } })).matchedCount > 0;
      },

      listWithLiveRecurrence: () => collection().find({ 'pixAutomatic.status': { $in: ['CRIADA', 'APROVADA'] } }).sort({ _id: 1 }).toArray(),

      findById: (id) => collection().findOne({ _id: toObjectId(id) }),
      findOwner: async (id) => (await collection().findOne({ _id: toObjectId(id) }, { projection: { userId: 1 } }))?.userId ?? null,
      findOpenByUser: (userId) => collection().findOne({ userId, isOpen: true }),
      async findCurrentForUser(userId) {
        const [current] = await collection().find({ userId }).sort({ isOpen: -1, createdAt: -1, _id: -1 }).limit(1).toArray();
        return current ?? null;
      },
      async hasActive(userId) {
        return (await collection().countDocuments({ userId, status: 'ACTIVE' }, { limit: 1 })) > 0;
      },

      list: ({ page, limit, ...filters }) => findPage(collection(), listFilter(filters), { createdAt: -1, _id: -1 }, page, limit),

      async insert(subscription) {
        await collection().insertOne({ ...subscription, isOpen: isOpenSubscriptionStatus(subscription.status) });
      },

      updateIfUnchanged(loaded, set, at) {
        const $set: Partial<SubscriptionDocument> = { ...set, updatedAt: at };
        if (set.status) $set.isOpen = isOpenSubscriptionStatus(set.status);
        return collection().findOneAndUpdate(
          { _id: loaded._id, status: loaded.status, updatedAt: loaded.updatedAt },
          { $set },
          { returnDocument: 'after' },
        );
      },

      listIdsInRenewalWindow: (windowEnd) => ids({ status: 'ACTIVE', cancelRequest: null, endDate: { $lte: windowEnd } }),
      listIdsEnded: (now) =>
        ids({
          $or: [
            { status: 'PAUSED', endDate: { $lte: now } },
            { status: 'ACTIVE', cancelRequest: { $ne: null }, endDate: { $lte: now } },
          ],
        }),

      streamAll: (filters) => collection().find(listFilter(filters)).sort({ createdAt: -1, _id: -1 }),

      allForUser: (userId) => collection().find({ userId }).sort({ createdAt: -1, _id: -1 }).toArray(),

      async eraseOwner(userId, erasureId, at) {
        // Two writes: a dotted $set into a null cancelRequest fails on MongoDB. The reason (a fixed
        // choice) stays for the metrics.
        await collection().updateMany({ userId, cancelRequest: { $ne: null } }, { $set: { 'cancelRequest.comment': null } });
        // The gateway's customer id is derived from the member (the sandbox uses the profile id): it
        // goes too. The customer record at the gateway itself needs a port operation that does not
        // exist yet (see modules/personal-data/README.md).
        const kept = await collection().updateMany(
          { userId },
          { $set: { userId: erasureId, externalCustomerId: `erased:${erasureId.toHexString()}`, updatedAt: at } },
        );
        return kept.matchedCount;
      },

      activeByPlan: () =>
        aggregate<{ _id: ObjectId; subscribers: number }>([
          { $match: { status: 'ACTIVE' } },
          { $group: { _id: '$planId', subscribers: { $sum: 1 } } },
        ]).then((rows) => rows.map((row) => ({ planId: row._id, subscribers: row.subscribers }))),
      countStarted: ({ from, to }) => count({ startDate: { $gte: from, $lt: to } }),
      countCanceled: ({ from, to }) => count({ canceledAt: { $gte: from, $lt: to }, status: 'CANCELED', startDate: { $ne: null } }),
      countPayingAt: (at) => count({ startDate: { $lt: at }, $or: [{ canceledAt: null }, { canceledAt: { $gte: at } }] }),
      cancelReasons: ({ from, to }) =>
        aggregate<{ _id: string; count: number }>([
          { $match: { 'cancelRequest.requestedAt': { $gte: from, $lt: to } } },
          { $group: { _id: '$cancelRequest.reason', count: { $sum: 1 } } },
          { $sort: { count: -1, _id: 1 } },
        ]).then((rows) => rows.map((row) => ({ reason: row._id, count: row.count }))),
    };

    fastify.decorate('subscriptionsRepository', repository);

    function count(match: Filter<SubscriptionDocument>): Promise<number> {
      return aggregate<{ n: number }>([{ $match: match }, { $count: 'n' }]).then((rows) => rows[0]?.n ?? 0);
    }
    function aggregate<T extends Document>(pipeline: Document[]): Promise<T[]> {
      return collection().aggregate<T>(pipeline).toArray();
    }
  },
  { name: 'subscriptions-repository', dependencies: ['store', 'response-cache'] },
);
