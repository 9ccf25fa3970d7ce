import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import { REVISIONS_COLLECTIONS } from './collections';
import type { DocumentRevisionDocument, ItemRef } from './documents';

/** Document revisions of catalogue items (documents.ts): inserted, never changed — but for the publisher's LGPD erasure. */
export interface RevisionsRepository {
  /** Throws the driver's duplicate-key error when the item already has that number. */
  insert(revision: DocumentRevisionDocument): Promise<void>;
  /** The item's revisions, newest first. */
  history(ref: ItemRef): Promise<DocumentRevisionDocument[]>;
  /** Every revision of these items, newest first (pages and exports of many items at once). */
  forItems(refs: ItemRef[]): Promise<DocumentRevisionDocument[]>;
  /** LGPD erasure: the revisions stay (document control, ISO/IEC 17025 §8.3), published by `erasureId` under `name`. */
  eraseOwner(userId: ObjectId, erasureId: ObjectId, name: string): Promise<number>;
}

export default fp(
  async function revisionsRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<DocumentRevisionDocument>(REVISIONS_COLLECTIONS.documentRevisions);

    const repository: RevisionsRepository = {
      async insert(revision) {
        await collection().insertOne(revision);
      },
      history: ({ itemType, itemId }) => collection().find({ itemType, itemId }).sort({ publishedAt: -1, revision: -1 }).toArray(),
      async forItems(refs) {
        if (!refs.length) return [];
        return collection()
          .find({ $or: refs.map(({ itemType, itemId }) => ({ itemType, itemId })) })
          .sort({ publishedAt: -1, revision: -1 })
          .toArray();
      },
      async eraseOwner(userId, erasureId, name) {
        return (await collection().updateMany({ publishedBy: userId }, { $set: { publishedBy: erasureId, publishedByName: name } })).modifiedCount;
      },
    };
    fastify.decorate('revisionsRepository', repository);
  },
  { name: 'revisions-repository', dependencies: ['store'] },
);
