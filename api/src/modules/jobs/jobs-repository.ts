import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Document, Filter, ObjectId } from 'mongodb';
import { isDuplicateKeyError } from '../../http/app-error';
import { findPage } from '../../store/pagination';
import { JOBS_COLLECTIONS } from './collections';
import type { JobDocument, JobStatus } from './documents';

export interface Claim {
  now: Date;
  leaseUntil: Date;
  leaseId: string;
  /** Only jobs of these types (the handlers this runner has). */
  types: readonly string[];
}

/**
 * The jobs collection as named operations. Every change of a claimed job is conditional on its
 * `leaseId`, so a runner that lost its lease (it stalled past `leaseUntil` and another runner took
 * the job over) changes nothing; a claim is one conditional `findOneAndUpdate`, atomic on both
 * backends, so two runners never hold the same job at once.
 */
export interface JobsRepository {
  /** Writes the job unless one with its key exists; answers the stored one either way. */
  insertOnce(job: JobDocument): Promise<{ job: JobDocument; created: boolean }>;
  findById(id: ObjectId): Promise<JobDocument | null>;
  findByKey(key: string): Promise<JobDocument | null>;
  /** The oldest due PENDING job, else a RUNNING one whose lease has passed: now leased to this claim. */
  claimNext(claim: Claim): Promise<JobDocument | null>;
  /** The same, for one key (a schedule tick run at once). */
  claimKey(key: string, claim: Claim): Promise<JobDocument | null>;
  extendLease(id: ObjectId, leaseId: string, leaseUntil: Date, at: Date): Promise<boolean>;
  complete(id: ObjectId, leaseId: string, at: Date, outcome: { result: Document | null; payload?: Document; expiresAt: Date }): Promise<boolean>;
  /** Back to PENDING until `runAt`, with the error. */
  retryLater(id: ObjectId, leaseId: string, at: Date, runAt: Date, error: string): Promise<boolean>;
  /** DEAD, with the error. */
  bury(id: ObjectId, leaseId: string, at: Date, error: string): Promise<boolean>;
  /** Graceful shutdown: back to PENDING at once, the interrupted run not counted. */
  release(id: ObjectId, leaseId: string, at: Date): Promise<boolean>;
  /** DEAD → PENDING now with a fresh count of attempts (someone asked to run it again). */
  revive(id: ObjectId, at: Date): Promise<JobDocument | null>;
  /** Newest first. */
  listByType(type: string, status: JobStatus | undefined, page: number, limit: number): Promise<{ data: JobDocument[]; total: number }>;
  countByStatus(type: string): Promise<Record<JobStatus, number>>;
  /** Finished jobs past their retention. */
  purgeExpired(now: Date): Promise<number>;
  /** LGPD erasure: every job about the person, by profile or by the address a message went to (sent before they had a profile). */
  deleteForUser(userId: ObjectId, address?: string): Promise<number>;
}

export default fp(
  async function jobsRepository(fastify: FastifyInstance) {
    const jobs = () => fastify.store.collection<JobDocument>(JOBS_COLLECTIONS.jobs);

    const lease = (claim: Claim) => ({
      $set: { status: 'RUNNING' as const, leaseUntil: claim.leaseUntil, leaseId: claim.leaseId, updatedAt: claim.now },
      $inc: { attempts: 1 },
    });
    const claimOne = (filter: Filter<JobDocument>, sort: Record<string, 1 | -1>, claim: Claim) =>
      jobs().findOneAndUpdate({ ...filter, type: { $in: [...claim.types] } }, lease(claim), { sort, returnDocument: 'after' });
    const waiting = (now: Date): Filter<JobDocument> => ({ status: 'PENDING', runAt: { $lte: now } });
    const abandoned = (now: Date): Filter<JobDocument> => ({ status: 'RUNNING', leaseUntil: { $lte: now } });
    const held = (id: ObjectId, leaseId: string): Filter<JobDocument> => ({ _id: id, status: 'RUNNING', leaseId });
    const changed = async (filter: Filter<JobDocument>, set: Partial<JobDocument>) => (await jobs().updateOne(filter, { $set: set })).modifiedCount > 0;

    const repository: JobsRepository = {
      async insertOnce(job) {
        try {
          await jobs().insertOne(job);
          return { job, created: true };
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          const existing = await jobs().findOne({ key: job.key });
          if (!existing) throw error;
          return { job: existing, created: false };
        }
      },

      findById: (id) => jobs().findOne({ _id: id }),
      findByKey: (key) => jobs().findOne({ key }),

      async claimNext(claim) {
        return (
          (await claimOne(waiting(claim.now), { runAt: 1, _id: 1 }, claim)) ??
          (await claimOne(abandoned(claim.now), { leaseUntil: 1, _id: 1 }, claim))
        );
      },

      claimKey: (key, claim) => claimOne({ key, $or: [waiting(claim.now), abandoned(claim.now)] }, { _id: 1 }, claim),

      extendLease: (id, leaseId, leaseUntil, at) => changed(held(id, leaseId), { leaseUntil, updatedAt: at }),

      complete: (id, leaseId, at, outcome) =>
        changed(held(id, leaseId), {
          status: 'DONE',
          result: outcome.result,
          ...(outcome.payload ? { payload: outcome.payload } : {}),
          leaseUntil: null,
          leaseId: null,
          finishedAt: at,
          expiresAt: outcome.expiresAt,
          updatedAt: at,
        }),

      retryLater: (id, leaseId, at, runAt, error) =>
        changed(held(id, leaseId), { status: 'PENDING', runAt, lastError: error, leaseUntil: null, leaseId: null, updatedAt: at }),

      bury: (id, leaseId, at, error) =>
        changed(held(id, leaseId), { status: 'DEAD', lastError: error, leaseUntil: null, leaseId: null, finishedAt: at, updatedAt: at }),

      async release(id, leaseId, at) {
        const result = await jobs().updateOne(held(id, leaseId), {
          $set: { status: 'PENDING', runAt: at, leaseUntil: null, leaseId: null, updatedAt: at },
          $inc: { attempts: -1 },
        });
        return result.modifiedCount > 0;
      },

      revive: (id, at) =>
        jobs().findOneAndUpdate(
          { _id: id, status: 'DEAD' },
          { $set: { status: 'PENDING', runAt: at, attempts: 0, finishedAt: null, updatedAt: at } },
          { returnDocument: 'after' },
        ),

      listByType: (type, status, page, limit) => findPage(jobs(), status ? { type, status } : { type }, { createdAt: -1, _id: -1 }, page, limit),

      async countByStatus(type) {
        const rows = await jobs()
          .aggregate<{ _id: JobStatus; count: number }>([{ $match: { type } }, { $group: { _id: '$status', count: { $sum: 1 } } }])
          .toArray();
        const counts: Record<JobStatus, number> = { PENDING: 0, RUNNING: 0, DONE: 0, DEAD: 0 };
        for (const row of rows) counts[row._id] = row.count;
        return counts;
      },

      async purgeExpired(now) {
        return (await jobs().deleteMany({ status: 'DONE', expiresAt: { $lte: now } })).deletedCount;
      },

      async deleteForUser(userId, address) {
        const filter: Filter<JobDocument> = address ? { $or: [{ userId }, { 'payload.to': address }] } : { userId };
        return (await jobs().deleteMany(filter)).deletedCount;
      },
    };
    fastify.decorate('jobsRepository', repository);
  },
  { name: 'jobs-repository', dependencies: ['store'] },
);
