import type { Document, ObjectId } from 'mongodb';

/**
 * PENDING: waits for `runAt`. RUNNING: a runner holds its lease until `leaseUntil` (renewed while
 * it works; once past, any runner may take it over). DONE: finished (or skipped, see `result`).
 * DEAD: failed `maxAttempts` times, or failed in a way a retry cannot fix; kept and shown until
 * someone runs it again.
 */
export const JOB_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'DEAD'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface JobDocument<P extends Document = Document> {
  _id: ObjectId;
  /** Which handler runs it (e.g. `email`, `billing.reconcile`). */
  type: string;
  /** Unique: the event or schedule tick the job is for; enqueueing the same key again writes nothing. */
  key: string;
  payload: P;
  /** The person the job concerns, if any (LGPD erasure removes their jobs). */
  userId: ObjectId | null;
  status: JobStatus;
  /** PENDING: not before this instant. */
  runAt: Date;
  /** Runs started so far (a run cut short by a crash counts). */
  attempts: number;
  maxAttempts: number;
  /** RUNNING: the lease; another runner may take the job once it has passed. */
  leaseUntil: Date | null;
  /** RUNNING: which claim holds the lease (every write of the holder is conditional on it). */
  leaseId: string | null;
  lastError: string | null;
  /** What the handler reported when it finished (e.g. the e-mail's Message-ID), or why it skipped. */
  result: Document | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  /** DONE: purged after this instant. */
  expiresAt: Date | null;
}
