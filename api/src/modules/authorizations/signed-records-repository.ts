import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import { AUTHORIZATIONS_COLLECTIONS } from './collections';
import type { SignedRecordDocument } from './documents';

/**
 * Signed records (documents.ts): inserted, read, never updated nor deleted — append-only by
 * construction, since no operation here could change one.
 */
export interface SignedRecordsRepository {
  /** Throws the driver's duplicate-key error when the record it revokes (or the certificate) is revoked already. */
  insert(record: SignedRecordDocument): Promise<void>;
  findById(id: ObjectId): Promise<SignedRecordDocument | null>;
  /** Every record of a laboratory (authorizations and their revocations), newest first; one person's with `subjectUserId`. */
  forAccount(accountId: ObjectId, subjectUserId?: ObjectId): Promise<SignedRecordDocument[]>;
  /** The records that revoke these ones. */
  revocationsOf(ids: ObjectId[]): Promise<SignedRecordDocument[]>;
  /** The signed revocation of a certificate, if any. */
  certificateRevocation(code: string): Promise<SignedRecordDocument | null>;
}

export default fp(
  async function signedRecordsRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<SignedRecordDocument>(AUTHORIZATIONS_COLLECTIONS.signedRecords);

    const repository: SignedRecordsRepository = {
      async insert(record) {
        await collection().insertOne(record);
      },
      findById: (id) => collection().findOne({ _id: id }),
      forAccount: (accountId, subjectUserId) =>
        collection()
          .find(subjectUserId ? { accountId, subjectUserId } : { accountId })
          .sort({ 'signature.signedAt': -1, _id: -1 })
          .toArray(),
      revocationsOf: (ids) => (ids.length ? collection().find({ revoking: true, revokes: { $in: ids } }).toArray() : Promise.resolve([])),
      certificateRevocation: (code) => collection().findOne({ kind: 'CERTIFICATE_REVOCATION', certificateCode: code }),
    };
    fastify.decorate('signedRecordsRepository', repository);
  },
  { name: 'signed-records-repository', dependencies: ['store'] },
);
