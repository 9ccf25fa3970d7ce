import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Filter, ObjectId } from 'mongodb';
import type { SubscriptionDocument } from './documents';
import { COLLECTIONS, isOpenSubscriptionStatus, type SubscriptionStatus } from '../users/documents';
import { toObjectId } from '../../store/object-id';

export interface SubscriptionListFilters {
  page: number;
  limit: number;
  planId?: string | undefined;
  userId?: string | undefined;
  status?: SubscriptionStatus | undefined;
}

/**
 * Named operations only: the billing use cases (billing/use-cases) are the only writers, and
 * every write after the insert is conditional on the status and `updatedAt` they loaded.
 */
export interface SubscriptionsRepository {
  findById(id: string | ObjectId): Promise<SubscriptionDocument | null>;
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
}

declare module 'fastify' {
  interface FastifyInstance {
    subscriptionsRepository: SubscriptionsRepository;
  }
}

export default fp(
  async function subscriptionsRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<SubscriptionDocument>(COLLECTIONS.subscriptions);
    const ids = async (filter: Filter<SubscriptionDocument>) =>
      (await collection().find(filter, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id);

    const repository: SubscriptionsRepository = {
      findById: (id) => collection().findOne({ _id: toObjectId(id) }),
      findOpenByUser: (userId) => collection().findOne({ userId, isOpen: true }),
      async findCurrentForUser(userId) {
        const [current] = await collection().find({ userId }).sort({ isOpen: -1, createdAt: -1, _id: -1 }).limit(1).toArray();
        return current ?? null;
      },
      async hasActive(userId) {
        return (await collection().countDocuments({ userId, status: 'ACTIVE' }, { limit: 1 })) > 0;
      },

      async list({ page, limit, planId, userId, status }) {
        const filter: Filter<SubscriptionDocument> = {};
        if (planId) filter.planId = toObjectId(planId);
        if (userId) filter.userId = toObjectId(userId);
        if (status) filter.status = status;
        const [data, total] = await Promise.all([
          collection()
            .find(filter)
            .sort({ createdAt: -1, _id: -1 })
            .skip((page - 1) * limit)
            .limit(limit)
            .toArray(),
          collection().countDocuments(filter),
        ]);
        return { data, total };
      },

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
    };

    fastify.decorate('subscriptionsRepository', repository);
  },
  { name: 'subscriptions-repository', dependencies: ['mongodb'] },
);
