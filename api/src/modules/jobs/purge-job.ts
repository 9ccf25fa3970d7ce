import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const HOUR_MS = 60 * 60 * 1000;

/** Finished jobs are kept for their type's retention (30 days by default), then removed once an hour. */
export default fp(
  async function purgeJob(fastify: FastifyInstance) {
    fastify.jobs.define(
      'jobs.purge',
      async () => ({ result: { removed: await fastify.jobsRepository.purgeExpired(fastify.clock.now()) } }),
      { maxAttempts: 3, retentionMs: HOUR_MS },
    );
    fastify.jobs.every('jobs.purge', HOUR_MS);
  },
  { name: 'jobs-purge', dependencies: ['job-runner'] },
);
