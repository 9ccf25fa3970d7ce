import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REVISIONS_COLLECTIONS } from './collections';
import type { DocumentRevisionDocument, ItemRef } from './documents';

/** Document revisions of catalogue items (documents.ts): inserted, never changed. */
export interface RevisionsRepository {
  /** Throws the driver's duplicate-key error when the item already has that number. */
  insert(revision: DocumentRevisionDocument): Promise<void>;
  /** The item's revisions, newest first. */
  history(ref: ItemRef): Promise<DocumentRevisionDocument[]>;
  /** Every revision of these items, newest first (pages and exports of many items at once). */
  forItems(refs: ItemRef[]): Promise<DocumentRevisionDocument[]>;
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
    };
    fastify.decorate('revisionsRepository', repository);
  },
  { name: 'revisions-repository', dependencies: ['store'] },
);
