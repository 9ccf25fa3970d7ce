import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId, type Filter } from 'mongodb';
import type { VideoProgressDocument } from '../catalogue/documents';
import { COLLECTIONS } from '../users/documents';
import { AppError, isDuplicateKeyError } from '../../http/app-error';
import { applyReport, type WatchReport } from './rules/watch-progress';

export type ProgressFilter = 'IN_PROGRESS' | 'FINISHED';

export interface ProgressRepository {
  /** Applies one player report (see services/watch-progress.ts); safe against concurrent reports. */
  record(userId: ObjectId, videoId: ObjectId, report: WatchReport): Promise<VideoProgressDocument>;
  /** The member's videos, most recently watched first. */
  listForUser(userId: ObjectId, page: number, limit: number, filter?: ProgressFilter): Promise<{ data: VideoProgressDocument[]; total: number }>;
  /** The member's progress on these videos (cards show a progress bar). */
  findForVideos(userId: ObjectId, videoIds: ObjectId[]): Promise<VideoProgressDocument[]>;
  /** Everything held about the member's progress (LGPD export). */
  allForUser(userId: ObjectId): Promise<VideoProgressDocument[]>;
  /** Erases the member's progress (LGPD deletion); answers how many documents went. */
  deleteAllForUser(userId: ObjectId): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    progressRepository: ProgressRepository;
  }
}

/** Two reports of the same member and video racing: the loser recomputes on the winner's state. */
const MAX_ATTEMPTS = 5;

export default fp(
  async function progressRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<VideoProgressDocument>(COLLECTIONS.videoProgress);
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
        const [data, total] = await Promise.all([
          collection().find(query).sort({ lastReportAt: -1, _id: -1 }).skip((page - 1) * limit).limit(limit).toArray(),
          collection().countDocuments(query),
        ]);
        return { data, total };
      },

      findForVideos: (userId, videoIds) =>
        videoIds.length ? collection().find({ userId, videoId: { $in: videoIds } }).toArray() : Promise.resolve([]),

      allForUser: (userId) => collection().find({ userId }).sort({ lastReportAt: -1, _id: -1 }).toArray(),

      deleteAllForUser: async (userId) => (await collection().deleteMany({ userId })).deletedCount,
    };
    fastify.decorate('progressRepository', repository);
  },
  { name: 'progress-repository', dependencies: ['mongodb', 'clock'] },
);
