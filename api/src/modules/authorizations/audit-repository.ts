import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { findPage } from '../../store/pagination';
import { ERASED_PERSON_NAME, type UserDocument } from '../users/documents';
import { AUTHORIZATIONS_COLLECTIONS } from './collections';
import type { AuditAction, AuditEntryDocument } from './documents';
import { withoutNames } from './rules/erasure';

export interface AuditEvent {
  at: Date;
  accountId: ObjectId | null;
  actor: Pick<UserDocument, '_id' | 'name' | 'role'>;
  action: AuditAction;
  target: { type: string; id: ObjectId | null };
  summary: string;
}

/** The audit trail: appended to, read back; no operation removes an entry, and only the LGPD erasure changes one. */
export interface AuditRepository {
  append(event: AuditEvent): Promise<AuditEntryDocument>;
  /** A laboratory's entries and the catalogue's entries about these items (`targetIds`), newest first. */
  pageForAccount(accountId: ObjectId, targetIds: ObjectId[], page: number, limit: number): Promise<{ data: AuditEntryDocument[]; total: number }>;
  /**
   * LGPD erasure: the entries stay (the laboratory's record of who did what); on those the person
   * did, or about them or about `targetIds` (their signed records, certificates), the person's id
   * becomes `erasureId` and their `names` in the actor and the summary "Pessoa excluída (LGPD)".
   */
  eraseOwner(userId: ObjectId, erasureId: ObjectId, names: readonly string[], targetIds: ObjectId[]): Promise<number>;
}

export default fp(
  async function auditRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<AuditEntryDocument>(AUTHORIZATIONS_COLLECTIONS.auditTrail);

    const repository: AuditRepository = {
      async append({ at, accountId, actor, action, target, summary }) {
        const entry: AuditEntryDocument = {
          _id: new ObjectId(),
          at,
          accountId,
          actorId: actor._id,
          actorName: actor.name,
          actorRole: actor.role,
          action,
          targetType: target.type,
          targetId: target.id,
          summary,
        };
        await collection().insertOne(entry);
        return entry;
      },
      pageForAccount: (accountId, targetIds, page, limit) =>
        findPage(
          collection(),
          targetIds.length ? { $or: [{ accountId }, { accountId: null, targetId: { $in: targetIds } }] } : { accountId },
          { at: -1, _id: -1 },
          page,
          limit,
        ),
      async eraseOwner(userId, erasureId, names, targetIds) {
        const entries = await collection()
          .find({ $or: [{ actorId: userId }, { targetId: { $in: [userId, ...targetIds] } }] })
          .toArray();
        for (const entry of entries) {
          const actor = entry.actorId.equals(userId);
          await collection().updateOne(
            { _id: entry._id },
            {
              $set: {
                ...(actor ? { actorId: erasureId, actorName: ERASED_PERSON_NAME } : {}),
                ...(entry.targetId?.equals(userId) ? { targetId: erasureId } : {}),
                summary: withoutNames(entry.summary, names, ERASED_PERSON_NAME),
              },
            },
          );
        }
        return entries.length;
      },
    };
    fastify.decorate('auditRepository', repository);
  },
  { name: 'audit-repository', dependencies: ['store'] },
);
