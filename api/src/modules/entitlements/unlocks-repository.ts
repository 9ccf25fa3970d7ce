import type { FastifyInstance } from 'fastify';
import { bumpingOnWrite } from '../../plugins/response-cache';
import { findPage } from '../../store/pagination';
import fp from 'fastify-plugin';
import type { Filter, ObjectId } from 'mongodb';
import type { ItemType } from '../catalogue/documents';
import type { UnlockDocument } from './documents';
import { ENTITLEMENTS_COLLECTIONS } from './collections';

export interface UnlockKey {
  userId: ObjectId;
  itemType: ItemType;
  itemId: ObjectId;
}

/** Unlock rows (the lock and the record of an unlock); the rules are in unlocks-service.ts. */
export interface UnlocksRepository {
  /** Throws the driver's duplicate-key error when the member already has a row for the item. */
  insert(row: UnlockDocument): Promise<void>;
  find(key: UnlockKey): Promise<UnlockDocument | null>;
  /** The team's row for the item (a laboratory account unlocks each item once). */
  findForTeam(accountId: ObjectId, itemType: ItemType, itemId: ObjectId): Promise<UnlockDocument | null>;
  settle(id: ObjectId): Promise<void>;
  remove(id: ObjectId): Promise<void>;
  /** Removes a row another request left unsettled (abandoned). */
  removeUnsettled(id: ObjectId): Promise<void>;
  /**
   * Ids (hex) of the given items unlocked (settled) for the member: with their own credits, or by
   * anyone on their team (`accountId`: the account of their ACTIVE seat, else null).
   */
  unlockedIds(userId: ObjectId, itemType: ItemType, itemIds: ObjectId[], accountId?: ObjectId | null): Promise<Set<string>>;
  countForUser(userId: ObjectId): Promise<number>;
  /** Settled, newest first. */
  listForUser(userId: ObjectId, page: number, limit: number, itemType?: ItemType): Promise<{ data: UnlockDocument[]; total: number }>;
  /** Every settled unlock of the member, newest first (LGPD export). */
  allForUser(userId: ObjectId): Promise<UnlockDocument[]>;
  /** LGPD erasure: every unlock row of the member; answers how many went. */
  deleteAllForUser(userId: ObjectId): Promise<number>;
  /** Admin metrics: credits spent and unlocks settled in [from, to) (one pipeline, $match on createdAt). */
  creditsSpent(from: Date, to: Date): Promise<{ credits: number; unlocks: number }>;
}

export default fp(
  async function unlocksRepository(fastify: FastifyInstance) {
    // An unlock paid by a laboratory's wallet opens the item to the whole team: `members`, not only the unlocker.
    const collection = () => bumpingOnWrite(fastify.store.collection<UnlockDocument>(ENTITLEMENTS_COLLECTIONS.unlocks), fastify.responseCache, 'members');

    const repository: UnlocksRepository = {
      async insert(row) {
        await collection().insertOne(row);
      },
      find: (key) => collection().findOne(key),
      findForTeam: (accountId, itemType, itemId) => collection().findOne({ accountId, itemType, itemId }),
      async settle(id) {
        await collection().updateOne({ _id: id }, { $set: { settled: true } });
      },
      async remove(id) {
        await collection().deleteOne({ _id: id });
      },
      async removeUnsettled(id) {
        await collection().deleteOne({ _id: id, settled: false });
      },
      async unlockedIds(userId, itemType, itemIds, accountId = null) {
        if (!itemIds.length) return new Set();
        // What the member unlocked stays theirs (credits spent are not given back), even after leaving a team.
        const filter: Filter<UnlockDocument> = accountId
          ? { $or: [{ userId }, { accountId }], itemType, itemId: { $in: itemIds }, settled: true }
          : { userId, itemType, itemId: { $in: itemIds }, settled: true };
        const rows = await collection().find(filter, { projection: { itemId: 1 } }).toArray();
        return new Set(rows.map((row) => row.itemId.toHexString()));
      },
      countForUser: (userId) => collection().countDocuments({ userId, settled: true }),
      async listForUser(userId, page, limit, itemType) {
        const filter: Filter<UnlockDocument> = { userId, settled: true, ...(itemType ? { itemType } : {}) };
        return findPage(collection(), filter, { createdAt: -1, _id: -1 }, page, limit);
      },
      allForUser: (userId) => collection().find({ userId, settled: true }).sort({ createdAt: -1, _id: -1 }).toArray(),
      deleteAllForUser: async (userId) => (await collection().deleteMany({ userId })).deletedCount,
      async creditsSpent(from, to) {
        const [row] = await collection()
          .aggregate<{ credits: number; unlocks: number }>([
            { $match: { createdAt: { $gte: from, $lt: to }, settled: true } },
            { $group: { _id: null, credits: { $sum: '$credits' }, unlocks: { $sum: 1 } } },
          ])
          .toArray();
        return { credits: row?.credits ?? 0, unlocks: row?.unlocks ?? 0 };
      },
    };
    fastify.decorate('unlocksRepository', repository);
  },
  { name: 'unlocks-repository', dependencies: ['store', 'response-cache'] },
);
