import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import type { ItemRef } from '../revisions/documents';
import { COMPETENCE_COLLECTIONS } from './collections';
import type { CompletionDocument } from './documents';

/** Completions of document revisions (documents.ts): written once, later only marked superseded. */
export interface CompletionsRepository {
  insert(completion: CompletionDocument): Promise<void>;
  /** The person's completion of the item still in force (not superseded), the newest; null when none. */
  inForce(userId: ObjectId, ref: ItemRef): Promise<CompletionDocument | null>;
  /** Every completion of these people (in force and superseded), newest first. */
  forUsers(userIds: ObjectId[]): Promise<CompletionDocument[]>;
  /** A new revision was published: every completion of the item in force becomes superseded by it. */
  markSuperseded(ref: ItemRef, byRevision: number, at: Date): Promise<number>;
  /** How many completions of the item are in force (what a new revision would supersede). */
  countInForce(ref: ItemRef): Promise<number>;
  /** LGPD erasure: the person's completions go (the laboratory keeps the signed authorizations' snapshot). */
  deleteAllForUser(userId: ObjectId): Promise<number>;
}

export default fp(
  async function completionsRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<CompletionDocument>(COMPETENCE_COLLECTIONS.completions);

    const repository: CompletionsRepository = {
      async insert(completion) {
        await collection().insertOne(completion);
      },
      inForce: async (userId, { itemType, itemId }) =>
        (await collection().find({ userId, itemType, itemId, supersededAt: null }).sort({ completedAt: -1, _id: -1 }).limit(1).toArray())[0] ?? null,
      forUsers: (userIds) =>
        userIds.length ? collection().find({ userId: { $in: userIds } }).sort({ completedAt: -1, _id: -1 }).toArray() : Promise.resolve([]),
      async markSuperseded({ itemType, itemId }, byRevision, at) {
        const result = await collection().updateMany({ itemType, itemId, supersededAt: null }, { $set: { supersededAt: at, supersededByRevision: byRevision } });
        return result.modifiedCount;
      },
      countInForce: ({ itemType, itemId }) => collection().countDocuments({ itemType, itemId, supersededAt: null }),
      deleteAllForUser: async (userId) => (await collection().deleteMany({ userId })).deletedCount,
    };
    fastify.decorate('completionsRepository', repository);
  },
  { name: 'completions-repository', dependencies: ['store'] },
);
