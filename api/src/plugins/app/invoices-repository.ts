import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ObjectId, type Collection } from 'mongodb';
import type { InvoiceDocument } from '../../db/billing';
import { COLLECTIONS } from '../../db/collections';
import { toObjectId } from '../../db/object-id';

export interface InvoicesRepository {
  collection(): Collection<InvoiceDocument>;
  findById(id: string | ObjectId): Promise<InvoiceDocument | null>;
  /** Newest first. */
  listBySubscription(subscriptionId: ObjectId, page: number, limit: number): Promise<{ data: InvoiceDocument[]; total: number }>;
  /** PENDING or OVERDUE, the oldest due date first (what the member should pay next). */
  findOpen(subscriptionId: ObjectId): Promise<InvoiceDocument[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    invoicesRepository: InvoicesRepository;
  }
}

export default fp(
  async function invoicesRepository(fastify: FastifyInstance) {
    const collection = () => fastify.mongo.db!.collection<InvoiceDocument>(COLLECTIONS.invoices);

    const repository: InvoicesRepository = {
      collection,
      findById: (id) => collection().findOne({ _id: toObjectId(id) }),

      async listBySubscription(subscriptionId, page, limit) {
        const filter = { subscriptionId };
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

      findOpen: (subscriptionId) =>
        collection()
          .find({ subscriptionId, status: { $in: ['PENDING', 'OVERDUE'] } })
          .sort({ dueDate: 1, _id: 1 })
          .toArray(),
    };

    fastify.decorate('invoicesRepository', repository);
  },
  { name: 'invoices-repository', dependencies: ['mongodb'] },
);
