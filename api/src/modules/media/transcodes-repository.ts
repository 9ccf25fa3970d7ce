import type { FastifyInstance } from 'fastify';
import { bumpingOnWrite } from '../../plugins/response-cache';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { MEDIA_COLLECTIONS } from './collections';
import type { TranscodeDocument } from './documents';

export interface ReadyLadder {
  playlistKey: string;
  renditions: string[];
  posterKey: string;
  durationSeconds: number;
}

export interface TranscodesRepository {
  find(videoKey: string): Promise<TranscodeDocument | null>;
  /** Queued (again): PENDING at 0 %, nothing of an earlier ladder kept. */
  queued(videoKey: string, at: Date): Promise<void>;
  /** The runner's job for it (written once the job exists). */
  linkJob(videoKey: string, jobId: ObjectId): Promise<void>;
  /** A run failed and the runner will try again later. */
  waiting(videoKey: string, reason: string, at: Date): Promise<void>;
  running(videoKey: string, at: Date): Promise<void>;
  progress(videoKey: string, percent: number, at: Date): Promise<void>;
  ready(videoKey: string, ladder: ReadyLadder, at: Date): Promise<void>;
  failed(videoKey: string, reason: string, at: Date): Promise<void>;
  /** The video no longer uses the file: its conversion is forgotten (a job still at work stores nothing). */
  remove(videoKey: string): Promise<void>;
}

export default fp(
  async function transcodesRepository(fastify: FastifyInstance) {
    const raw = () => fastify.store.collection<TranscodeDocument>(MEDIA_COLLECTIONS.transcodes);
    // A ladder's state decides whether a video's cached answer carries the HLS link: its writes
    // make cached catalogue answers stale — all but those that leave the status as it is (a running conversion's percentage, written often).
    const transcodes = () => bumpingOnWrite(raw(), fastify.responseCache, 'catalogue');
    const set = async (videoKey: string, fields: Partial<TranscodeDocument>) => {
      await (fields.status === undefined ? raw() : transcodes()).updateOne({ videoKey }, { $set: fields });
    };
    const repository: TranscodesRepository = {
      find: (videoKey) => transcodes().findOne({ videoKey }),
      async queued(videoKey, at) {
        await transcodes().updateOne(
          { videoKey },
          {
            $set: { status: 'PENDING', progress: 0, error: null, playlistKey: null, renditions: [], posterKey: null, durationSeconds: null, updatedAt: at },
            $setOnInsert: { _id: new ObjectId(), videoKey, jobId: null, createdAt: at },
          },
          { upsert: true },
        );
      },
      linkJob: (videoKey, jobId) => set(videoKey, { jobId }),
      waiting: (videoKey, reason, at) => set(videoKey, { status: 'PENDING', error: reason, updatedAt: at }),
      running: (videoKey, at) => set(videoKey, { status: 'RUNNING', progress: 0, error: null, updatedAt: at }),
      progress: (videoKey, percent, at) => set(videoKey, { progress: percent, updatedAt: at }),
      ready: (videoKey, ladder, at) => set(videoKey, { status: 'READY', progress: 100, error: null, ...ladder, updatedAt: at }),
      failed: (videoKey, reason, at) => set(videoKey, { status: 'FAILED', error: reason, updatedAt: at }),
      async remove(videoKey) {
        await transcodes().deleteOne({ videoKey });
      },
    };
    fastify.decorate('transcodesRepository', repository);
  },
  { name: 'transcodes-repository', dependencies: ['store', 'response-cache'] },
);
