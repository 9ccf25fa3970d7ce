import type { FastifyInstance } from 'fastify';
import { bumpingOnWrite } from '../../plugins/response-cache';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import { TEAM_COLLECTIONS } from './collections';
import type { InvitationDocument, LaboratoryAccountDocument, SeatDocument } from './documents';

/**
 * Laboratory accounts, seats and invitations (documents.ts): named operations only; the rules are
 * in team-service.ts. Every write that guards a limit is one conditional update.
 */
export interface TeamRepository {
  findAccountById(id: ObjectId): Promise<LaboratoryAccountDocument | null>;
  findAccountByManager(managerId: ObjectId): Promise<LaboratoryAccountDocument | null>;
  findAccountBySubscription(subscriptionId: ObjectId): Promise<LaboratoryAccountDocument | null>;
  /** Throws the driver's duplicate-key error when the manager (or subscription) already has one. */
  insertAccount(account: LaboratoryAccountDocument): Promise<void>;
  /** A new subscription of the same manager takes the account over. */
  repointAccount(id: ObjectId, subscriptionId: ObjectId, at: Date): Promise<void>;
  /** Sets the seat limit if no more seats than that are in use; false otherwise. */
  setSeatLimit(id: ObjectId, seats: number, at: Date): Promise<boolean>;
  /** Takes one free seat (`seatsUsed < seats`, one atomic update); null when none is free. */
  takeSeat(id: ObjectId, at: Date): Promise<LaboratoryAccountDocument | null>;
  releaseSeat(id: ObjectId, at: Date): Promise<void>;
  /** The team ended (its manager deleted their account): no seat in use, the reason recorded. */
  closeAccount(id: ObjectId, reason: 'MANAGER_DELETED', at: Date): Promise<void>;

  /** Throws the driver's duplicate-key error when the user already holds an ACTIVE seat. */
  insertSeat(seat: SeatDocument): Promise<void>;
  findActiveSeat(userId: ObjectId): Promise<SeatDocument | null>;
  /** ACTIVE seats first-joined first; with `includeRemoved`, REMOVED ones too. */
  listSeats(accountId: ObjectId, includeRemoved?: boolean): Promise<SeatDocument[]>;
  /** ACTIVE → REMOVED; false when it was not ACTIVE. */
  removeSeat(id: ObjectId, at: Date): Promise<boolean>;
  /**
   * LGPD: the person's seats keep no e-mail (the training record then shows them as a deleted
   * account) and `erasureId` instead of their id; their invitations keep neither e-mail nor id; an
   * account they managed (closed by then) names `erasureId` as manager.
   */
  forgetSeatEmails(userId: ObjectId, email: string, erasureId: ObjectId): Promise<void>;

  insertInvitation(invitation: InvitationDocument): Promise<void>;
  findInvitation(accountId: ObjectId, id: ObjectId): Promise<InvitationDocument | null>;
  findInvitationByTokenHash(tokenHash: string): Promise<InvitationDocument | null>;
  findPendingInvitationByEmail(accountId: ObjectId, email: string): Promise<InvitationDocument | null>;
  listPendingInvitations(accountId: ObjectId): Promise<InvitationDocument[]>;
  /** PENDING → REVOKED; false when it was not PENDING. */
  revokeInvitation(id: ObjectId): Promise<boolean>;
  /** PENDING → ACCEPTED by `userId`; false when another request used or revoked it first. */
  markInvitationAccepted(id: ObjectId, userId: ObjectId, at: Date): Promise<boolean>;
  /** Undoes `markInvitationAccepted` when the seat could not be written after all. */
  reopenInvitation(id: ObjectId, userId: ObjectId): Promise<void>;

}

export default fp(
  async function teamRepository(fastify: FastifyInstance) {
    const db = () => fastify.store;
    // A seat gives (or takes) access and team unlocks to its holder: members' kept bodies go stale on these writes.
    const accounts = () => bumpingOnWrite(db().collection<LaboratoryAccountDocument>(TEAM_COLLECTIONS.laboratoryAccounts), fastify.responseCache, 'members');
    const seats = () => bumpingOnWrite(db().collection<SeatDocument>(TEAM_COLLECTIONS.seats), fastify.responseCache, 'members');
    const invitations = () => db().collection<InvitationDocument>(TEAM_COLLECTIONS.invitations);

    const repository: TeamRepository = {
      findAccountById: (id) => accounts().findOne({ _id: id }),
      findAccountByManager: (managerId) => accounts().findOne({ managerId }),
      findAccountBySubscription: (subscriptionId) => accounts().findOne({ subscriptionId }),
      async insertAccount(account) {
        await accounts().insertOne(account);
      },
      async repointAccount(id, subscriptionId, at) {
        await accounts().updateOne({ _id: id }, { $set: { subscriptionId, updatedAt: at } });
      },
      async setSeatLimit(id, limit, at) {
        const result = await accounts().updateOne({ _id: id, seatsUsed: { $lte: limit } }, { $set: { seats: limit, updatedAt: at } });
        return result.matchedCount === 1;
      },
      async takeSeat(id, at) {
        // One conditional update on the count just read (compare-and-set): two acceptances for the last
        // seat cannot both match, and the limit is checked in the same write (`seats` may have been
        // lowered meanwhile). Field-to-field `$expr` would say it in one query, but FerretDB 1.x cannot
        // run it (api/README.md, "Executado contra FerretDB 1.24"). A write that lost to another seat
        // change reads again; each lost round means another change went through, so this ends.
        for (;;) {
          const account = await accounts().findOne({ _id: id });
          if (!account || account.seatsUsed >= account.seats) return null;
          const taken = await accounts().findOneAndUpdate(
            { _id: id, seatsUsed: account.seatsUsed, seats: { $gt: account.seatsUsed } },
            { $inc: { seatsUsed: 1 }, $set: { updatedAt: at } },
            { returnDocument: 'after' },
          );
          if (taken) return taken;
        }
      },
      async closeAccount(id, reason, at) {
        await accounts().updateOne({ _id: id }, { $set: { seatsUsed: 0, closedReason: reason, closedAt: at, updatedAt: at } });
      },
      async releaseSeat(id, at) {
        await accounts().updateOne({ _id: id, seatsUsed: { $gt: 0 } }, { $inc: { seatsUsed: -1 }, $set: { updatedAt: at } });
      },

      async insertSeat(seat) {
        await seats().insertOne(seat);
      },
      findActiveSeat: (userId) => seats().findOne({ userId, status: 'ACTIVE' }),
      listSeats: (accountId, includeRemoved = false) =>
        seats()
          .find(includeRemoved ? { accountId } : { accountId, status: 'ACTIVE' })
          .sort({ joinedAt: 1, _id: 1 })
          .toArray(),
      async forgetSeatEmails(userId, email, erasureId) {
        await seats().updateMany({ userId }, { $set: { email: '', userId: erasureId } });
        await invitations().updateMany({ $or: [{ acceptedBy: userId }, { email }] }, { $set: { email: '' } });
        await invitations().updateMany({ acceptedBy: userId }, { $set: { acceptedBy: erasureId } });
        await accounts().updateMany({ managerId: userId }, { $set: { managerId: erasureId } });
      },
      async removeSeat(id, at) {
        const result = await seats().updateOne({ _id: id, status: 'ACTIVE' }, { $set: { status: 'REMOVED', removedAt: at } });
        return result.matchedCount === 1;
      },

      async insertInvitation(invitation) {
        await invitations().insertOne(invitation);
      },
      findInvitation: (accountId, id) => invitations().findOne({ _id: id, accountId }),
      findInvitationByTokenHash: (tokenHash) => invitations().findOne({ tokenHash }),
      findPendingInvitationByEmail: (accountId, email) => invitations().findOne({ accountId, email, status: 'PENDING' }),
      listPendingInvitations: (accountId) =>
        invitations().find({ accountId, status: 'PENDING' }).sort({ createdAt: -1, _id: -1 }).toArray(),
      async revokeInvitation(id) {
        const result = await invitations().updateOne({ _id: id, status: 'PENDING' }, { $set: { status: 'REVOKED' } });
        return result.matchedCount === 1;
      },
      async markInvitationAccepted(id, userId, at) {
        const result = await invitations().updateOne(
          { _id: id, status: 'PENDING' },
          { $set: { status: 'ACCEPTED', acceptedBy: userId, acceptedAt: at } },
        );
        return result.matchedCount === 1;
      },
      async reopenInvitation(id, userId) {
        await invitations().updateOne(
          { _id: id, status: 'ACCEPTED', acceptedBy: userId },
          { $set: { status: 'PENDING', acceptedBy: null, acceptedAt: null } },
        );
      },

    };
    fastify.decorate('teamRepository', repository);
  },
  { name: 'team-repository', dependencies: ['store', 'response-cache'] },
);
