import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { findPage } from '../../store/pagination';
import type { UserDocument } from '../users/documents';
import { AUTHORIZATIONS_COLLECTIONS } from './collections';
import type { AuditAction, AuditEntryDocument } from './documents';

export interface AuditEvent {
  at: Date;
  accountId: ObjectId | null;
  actor: Pick<UserDocument, '_id' | 'name' | 'role'>;
  action: AuditAction;
  target: { type: string; id: ObjectId | null };
  summary: string;
}

/** The audit trail: appended to, read back; no operation changes or removes an entry. */
export interface AuditRepository {
  append(event: AuditEvent): Promise<AuditEntryDocument>;
  /** A laboratory's entries and the catalogue's entries about these items (`targetIds`), newest first. */
  pageForAccount(accountId: ObjectId, targetIds: ObjectId[], page: number, limit: number): Promise<{ data: AuditEntryDocument[]; total: number }>;
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
    };
    fastify.decorate('auditRepository', repository);
  },
  { name: 'audit-repository', dependencies: ['store'] },
);
