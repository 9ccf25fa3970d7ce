import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import type { InvoiceDocument, SubscriptionDocument } from '../billing/documents';
import type { SuggestionDocument, SuggestionVoteDocument, UnlockDocument } from '../catalogue/documents';
import { COLLECTIONS, type UserDocument } from '../users/documents';

/** A row of the player's progress collection (written by `PUT /v1/me/progress/videos/{id}`). */
export interface VideoProgressDocument {
  _id: ObjectId;
  userId: ObjectId;
  videoId: ObjectId;
  watchedSeconds: number;
  finishedAt: Date | null;
  [field: string]: unknown;
}

/** Everything the club holds about one member (LGPD art. 18: access and portability). */
export interface PersonalData {
  user: UserDocument;
  subscriptions: SubscriptionDocument[];
  invoices: InvoiceDocument[];
  unlocks: UnlockDocument[];
  progress: VideoProgressDocument[];
  suggestions: SuggestionDocument[];
  votes: SuggestionVoteDocument[];
}

export interface ErasureReport {
  /** The random id that replaces the member's id on the records kept for the tax authority. */
  erasureId: ObjectId;
  subscriptionsKept: number;
  invoicesKept: number;
  unlocksDeleted: number;
  progressDeleted: number;
  suggestionsDeleted: number;
  votesDeleted: number;
}

/**
 * The member's data across collections, in one place, for the export and the erasure (LGPD art. 18).
 * The profile itself is removed by `usersRepository.deleteProfile` (under the admin-roster lock).
 */
export interface PersonalDataRepository {
  collect(user: UserDocument): Promise<PersonalData>;
  /**
   * Deletes what only describes the person (unlocks, progress, suggestions and votes) and keeps
   * subscriptions and invoices — fiscal records — with the member's id replaced by a random one
   * that nothing maps back, the cancellation comment and the PIX payload removed.
   */
  eraseRecords(user: UserDocument): Promise<ErasureReport>;
  /** A member's video progress rows, most recently started first (the admin's member page). */
  progressOf(userId: ObjectId, page: number, limit: number): Promise<{ data: VideoProgressDocument[]; total: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    personalData: PersonalDataRepository;
  }
}

export default fp(
  async function personalData(fastify: FastifyInstance) {
    const db = () => fastify.store;
    const subscriptions = () => db().collection<SubscriptionDocument>(COLLECTIONS.subscriptions);
    const invoices = () => db().collection<InvoiceDocument>(COLLECTIONS.invoices);
    const unlocks = () => db().collection<UnlockDocument>(COLLECTIONS.unlocks);
    const progress = () => db().collection<VideoProgressDocument>(COLLECTIONS.videoProgress);
    const suggestions = () => db().collection<SuggestionDocument>(COLLECTIONS.suggestions);
    const votes = () => db().collection<SuggestionVoteDocument>(COLLECTIONS.suggestionVotes);
    const now = () => fastify.clock.now();

    const repository: PersonalDataRepository = {
      async collect(user) {
        const userId = user._id;
        const newestFirst = { createdAt: -1, _id: -1 } as const;
        const [subscriptionRows, invoiceRows, unlockRows, progressRows, suggestionRows, voteRows] = await Promise.all([
          subscriptions().find({ userId }).sort(newestFirst).toArray(),
          invoices().find({ userId }).sort(newestFirst).toArray(),
          unlocks().find({ userId, settled: true }).sort(newestFirst).toArray(),
          progress().find({ userId }).sort({ _id: -1 }).toArray(),
          suggestions().find({ userId }).sort(newestFirst).toArray(),
          votes().find({ userId }).sort(newestFirst).toArray(),
        ]);
        return {
          user,
          subscriptions: subscriptionRows,
          invoices: invoiceRows,
          unlocks: unlockRows,
          progress: progressRows,
          suggestions: suggestionRows,
          votes: voteRows,
        };
      },

      async progressOf(userId, page, limit) {
        const [data, total] = await Promise.all([
          progress().find({ userId }).sort({ _id: -1 }).skip((page - 1) * limit).limit(limit).toArray(),
          progress().countDocuments({ userId }),
        ]);
        return { data, total };
      },

      async eraseRecords(user) {
        const userId = user._id;
        const erasureId = new ObjectId();
        const at = now();
        const [unlocksDeleted, progressDeleted, suggestionsDeleted, votesDeleted] = await Promise.all([
          unlocks().deleteMany({ userId }),
          progress().deleteMany({ userId }),
          suggestions().deleteMany({ userId }),
          // the suggestions keep their vote counts: a vote was cast, by nobody anyone can name
          votes().deleteMany({ userId }),
        ]).then((results) => results.map((result) => result.deletedCount));
        // the comment is free text the member typed; the reason (a fixed choice) stays for the metrics.
        // Two writes: a dotted $set into a null cancelRequest fails on MongoDB.
        await subscriptions().updateMany({ userId, cancelRequest: { $ne: null } }, { $set: { 'cancelRequest.comment': null } });
        // The gateway's customer id is derived from the member (the sandbox uses the profile id): it
        // goes too. The customer record at the gateway itself needs a port operation that does not
        // exist yet (see api/README.md, LGPD).
        const kept = await subscriptions().updateMany(
          { userId },
          { $set: { userId: erasureId, externalCustomerId: `erased:${erasureId.toHexString()}`, updatedAt: at } },
        );
        const invoicesKept = await invoices().updateMany({ userId }, { $set: { userId: erasureId, pix: null, updatedAt: at } });
        return {
          erasureId,
          subscriptionsKept: kept.matchedCount,
          invoicesKept: invoicesKept.matchedCount,
          unlocksDeleted: unlocksDeleted ?? 0,
          progressDeleted: progressDeleted ?? 0,
          suggestionsDeleted: suggestionsDeleted ?? 0,
          votesDeleted: votesDeleted ?? 0,
        };
      },
    };

    fastify.decorate('personalData', repository);
  },
  { name: 'personal-data', dependencies: ['mongodb', 'clock'] },
);
