import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ReconciliationReport } from './use-cases/reconcile';

export interface Reconciliation {
  /** One pass over the billing calendar at the clock's "now"; safe to run twice at once. */
  run(): Promise<ReconciliationReport>;
}

/** Job type of the billing calendar's schedule ticks. */
export const RECONCILE_JOB = 'billing.reconcile';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs the billing calendar (use-cases/reconcile.ts) on the job runner: one job per tick of
 * RECONCILE_INTERVAL_MS, whichever API process claims it first (so one run per tick across
 * replicas), the first one before the first request; a failed tick is retried with backoff. Every
 * change also goes through the lifecycle and a conditional write, so a tick overlapping a direct
 * run (tests) does each thing once.
 */
export default fp(
  async function reconciliation(fastify: FastifyInstance) {
    const run = () => fastify.billing.reconcile();
    fastify.jobs.define(
      RECONCILE_JOB,
      async () => {
        const report = await run();
        fastify.log.info(report, 'billing reconciliation done');
        return { result: { ...report } };
      },
      { maxAttempts: 3, retentionMs: DAY_MS },
    );
    fastify.jobs.every(RECONCILE_JOB, fastify.config.reconcileIntervalMs);
    fastify.decorate('reconciliation', { run });
  },
  { name: 'reconciliation', dependencies: ['billing', 'job-runner'] },
);
