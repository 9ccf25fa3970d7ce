import type { IndexDeclaration } from '../../store/indexes';

/** The collection only the jobs module touches (jobs-repository.ts). */
export const JOBS_COLLECTIONS = { jobs: 'jobs' } as const;

const { jobs } = JOBS_COLLECTIONS;

/**
 * `key` is unique: enqueueing the same event twice writes one job. The runners claim due work by
 * `status` + `runAt` (waiting jobs) or `status` + `leaseUntil` (jobs whose runner stopped
 * renewing its lease); the admin lists a type newest first; LGPD erasure finds a person's jobs;
 * finished jobs are purged by `expiresAt`.
 */
export const JOBS_INDEXES: IndexDeclaration[] = [
  { collection: jobs, key: { key: 1 }, options: { unique: true, name: 'one_job_per_key' } },
  { collection: jobs, key: { status: 1, runAt: 1 } },
  { collection: jobs, key: { status: 1, leaseUntil: 1 } },
  { collection: jobs, key: { type: 1, createdAt: -1 } },
  { collection: jobs, key: { userId: 1 } },
  { collection: jobs, key: { expiresAt: 1 } },
];
