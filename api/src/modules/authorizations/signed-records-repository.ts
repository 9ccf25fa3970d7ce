import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import { ERASED_PERSON_NAME } from '../users/documents';
import { AUTHORIZATIONS_COLLECTIONS } from './collections';
import type { SignedRecordDocument } from './documents';
import { withoutNames } from './rules/erasure';

/**
 * Signed records (documents.ts): inserted, read, never deleted nor changed by any route — the one
 * change is the LGPD erasure of a person (`eraseOwner`), which keeps the record without them.
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
  /** The records about the person or signed by them, newest first (their LGPD export). */
  allForUser(userId: ObjectId): Promise<SignedRecordDocument[]>;
  /**
   * LGPD erasure: the records stay (the laboratory's ISO/IEC 17025 §8.4 records), with the person as
   * subject or signer replaced by `erasureId` and "Pessoa excluída (LGPD)", `names` removed from the
   * reason, and `erasure` set. Returns the ids of the records changed.
   */
  eraseOwner(userId: ObjectId, erasureId: ObjectId, names: readonly string[], at: Date): Promise<ObjectId[]>;
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
      allForUser: (userId) =>
        collection()
          .find({ $or: [{ subjectUserId: userId }, { 'signature.signerId': userId }] })
          .sort({ 'signature.signedAt': -1, _id: -1 })
          .toArray(),
      async eraseOwner(userId, erasureId, names, at) {
        const records = await repository.allForUser(userId);
        for (const record of records) {
          const subject = record.subjectUserId?.equals(userId) ?? false;
          const signer = record.signature.signerId.equals(userId);
          await collection().updateOne(
            { _id: record._id },
            {
              $set: {
                ...(subject ? { subjectUserId: erasureId, subjectName: ERASED_PERSON_NAME } : {}),
                ...(signer ? { 'signature.signerId': erasureId, 'signature.printedName': ERASED_PERSON_NAME } : {}),
                reason: withoutNames(record.reason, names, ERASED_PERSON_NAME),
                erasure: { erasureId, at },
              },
            },
          );
        }
        return records.map((record) => record._id);
      },
    };
    fastify.decorate('signedRecordsRepository', repository);
  },
  { name: 'signed-records-repository', dependencies: ['store'] },
);
