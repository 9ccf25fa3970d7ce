import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ObjectId, type Collection, type Filter } from 'mongodb';
import type { SubscriptionDocument } from '../../db/billing';
import { COLLECTIONS, type SubscriptionStatus } from '../../db/collections';
import { toObjectId } from '../../db/object-id';

export interface SubscriptionListFilters {
  page: number;
  limit: number;
  planId?: string | undefined;
  userId?: string | undefined;
  status?: SubscriptionStatus | undefined;
}

export interface SubscriptionsRepository {
  collection(): Collection<SubscriptionDocument>;
  findById(id: string | ObjectId): Promise<SubscriptionDocument | null>;
  findOpenByUser(userId: ObjectId): Promise<SubscriptionDocument | null>;
  /** Newest first. */
  list(filters: SubscriptionListFilters): Promise<{ data: SubscriptionDocument[]; total: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    subscriptionsRepository: SubscriptionsRepository;
  }
}

export default fp(
  async function subscriptionsRepository(fastify: FastifyInstance) {
    const collection = () => fastify.mongo.db!.collection<SubscriptionDocument>(COLLECTIONS.subscriptions);

    const repository: SubscriptionsRepository = {
      collection,
      findById: (id) => collection().findOne({ _id: toObjectId(id) }),
      findOpenByUser: (userId) => collection().findOne({ userId, isOpen: true }),

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
    };

    fastify.decorate('subscriptionsRepository', repository);
  },
  { name: 'subscriptions-repository', dependencies: ['mongodb'] },
);
