import type { FastifyInstance } from 'fastify';
import { bumpingMemberOnWrite } from '../../plugins/response-cache';
import { findPage } from '../../store/pagination';
import fp from 'fastify-plugin';
import { ObjectId, type Document, type Filter } from 'mongodb';
import type { VideoProgressDocument } from './documents';
import { PROGRESS_COLLECTIONS } from './collections';
import { AppError, isDuplicateKeyError } from '../../http/app-error';
import { applyReport, type WatchReport } from './rules/watch-progress';

export type ProgressFilter = 'IN_PROGRESS' | 'FINISHED';

/** A video someone finished (a laboratory's training record). */
export interface FinishedVideo {
  userId: ObjectId;
  videoId: ObjectId;
  finishedAt: Date;
  watchedSeconds: number;
  durationSeconds: number;
  lastReportAt: Date;
}

/** A video ranked by how many members watched or finished it (admin metrics). */
export interface VideoRank {
  videoId: ObjectId;
  count: number;
  watchedSeconds: number;
}

export interface ProgressRepository {
  /** Applies one player report (see rules/watch-progress.ts); safe against concurrent reports. */
  record(userId: ObjectId, videoId: ObjectId, report: WatchReport): Promise<VideoProgressDocument>;
  /** The member's videos, most recently watched first. */
  listForUser(userId: ObjectId, page: number, limit: number, filter?: ProgressFilter): Promise<{ data: VideoProgressDocument[]; total: number }>;
  /** The member's progress on these videos (cards show a progress bar). */
  findForVideos(userId: ObjectId, videoIds: ObjectId[]): Promise<VideoProgressDocument[]>;
  /** Everything held about the member's progress, most recently started first (LGPD export). */
  allForUser(userId: ObjectId): Promise<VideoProgressDocument[]>;
  /** The same, a page at a time (the admin's member page). */
  pageForUser(userId: ObjectId, page: number, limit: number): Promise<{ data: VideoProgressDocument[]; total: number }>;
  /** Erases the member's progress (LGPD deletion); answers how many documents went. */
  deleteAllForUser(userId: ObjectId): Promise<number>;
  /** Videos these people finished in [from, to], oldest first (a laboratory's training record). */
  finishedBetween(userIds: ObjectId[], from: Date, to: Date): Promise<FinishedVideo[]>;
  /** Each person's latest report (any video), by user id (hex). */
  lastReportOf(userIds: ObjectId[]): Promise<Map<string, Date>>;
  /** The videos most members have watched (any progress), all time: `limit` of them. */
  mostWatched(limit: number): Promise<VideoRank[]>;
  /** The videos most members finished in [from, to): `limit` of them. */
  mostFinished(from: Date, to: Date, limit: number): Promise<VideoRank[]>;
}

/** Two reports of the same member and video racing: the loser recomputes on the winner's state. */
const MAX_ATTEMPTS = 5;

export default fp(
  async function progressRepository(fastify: FastifyInstance) {
    // A member's progress shows in their cached reads (catalogue cards, /me/progress): each write makes theirs stale.
    const collection = () => bumpingMemberOnWrite(fastify.store.collection<VideoProgressDocument>(PROGRESS_COLLECTIONS.videoProgress), fastify.responseCache, 'userId');
    const now = () => fastify.clock.now();

    const repository: ProgressRepository = {
      async record(userId, videoId, report) {
        for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
          const at = now();
          const previous = await collection().findOne({ userId, videoId });
          const next = applyReport(previous, report, at);
          if (!previous) {
            const doc: VideoProgressDocument = { _id: new ObjectId(), userId, videoId, ...next, revision: 1, createdAt: at, updatedAt: at };
            try {
              await collection().insertOne(doc);
              return doc;
            } catch (error) {
              if (isDuplicateKeyError(error)) continue;
              throw error;
            }
          }
          const updated = await collection().findOneAndUpdate(
            { _id: previous._id, revision: previous.revision },
            { $set: { ...next, updatedAt: at }, $inc: { revision: 1 } },
            { returnDocument: 'after' },
          );
          if (updated) return updated;
        }
        throw new AppError(409, 'PROGRESS_BUSY', 'O progresso deste vídeo está sendo salvo por outra aba. Tente novamente.');
      },

      async listForUser(userId, page, limit, filter) {
        const query: Filter<VideoProgressDocument> = { userId };
        if (filter === 'FINISHED') query.finishedAt = { $ne: null };
        if (filter === 'IN_PROGRESS') query.finishedAt = null;
        return findPage(collection(), query, { lastReportAt: -1, _id: -1 }, page, limit);
      },

      findForVideos: (userId, videoIds) =>
        videoIds.length ? collection().find({ userId, videoId: { $in: videoIds } }).toArray() : Promise.resolve([]),

      allForUser: (userId) => collection().find({ userId }).sort({ _id: -1 }).toArray(),

      pageForUser: (userId, page, limit) => findPage(collection(), { userId }, { _id: -1 }, page, limit),

      deleteAllForUser: async (userId) => (await collection().deleteMany({ userId })).deletedCount,

      async finishedBetween(userIds, from, to) {
        if (!userIds.length) return [];
        const rows = await collection()
          .find(
            { userId: { $in: userIds }, finishedAt: { $gte: from, $lte: to } },
            { projection: { userId: 1, videoId: 1, finishedAt: 1, watchedSeconds: 1, durationSeconds: 1, lastReportAt: 1 } },
          )
          .sort({ finishedAt: 1, _id: 1 })
          .toArray();
        return rows.map((row) => ({
          userId: row.userId,
          videoId: row.videoId,
          finishedAt: row.finishedAt!,
          watchedSeconds: row.watchedSeconds,
          durationSeconds: row.durationSeconds,
          lastReportAt: row.lastReportAt,
        }));
      },

      async lastReportOf(userIds) {
        const latest = new Map<string, Date>();
        // One indexed lookup per person ({ userId, lastReportAt: -1 }): a team has at most 100 seats.
        for (const userId of userIds) {
          const [row] = await collection().find({ userId }, { projection: { lastReportAt: 1 } }).sort({ lastReportAt: -1, _id: -1 }).limit(1).toArray();
          if (row) latest.set(userId.toHexString(), row.lastReportAt);
        }
        return latest;
      },

      mostWatched: (limit) => rankVideos({ watchedSeconds: { $gt: 0 } }, limit),
      mostFinished: (from, to, limit) => rankVideos({ finishedAt: { $gte: from, $lt: to } }, limit),
    };

    /** One pipeline both backends run: $match first on an indexed field (collections.ts), no $lookup. */
    async function rankVideos(match: Document, limit: number): Promise<VideoRank[]> {
      const rows = await collection()
        .aggregate<{ _id: ObjectId; count: number; watchedSeconds: number }>([
          { $match: match },
          { $group: { _id: '$videoId', count: { $sum: 1 }, watchedSeconds: { $sum: '$watchedSeconds' } } },
          { $sort: { count: -1, watchedSeconds: -1, _id: 1 } },
          { $limit: limit },
        ])
        .toArray();
      return rows.map((row) => ({ videoId: row._id, count: row.count, watchedSeconds: row.watchedSeconds }));
    }
    fastify.decorate('progressRepository', repository);
  },
  { name: 'progress-repository', dependencies: ['store', 'clock', 'response-cache'] },
);
