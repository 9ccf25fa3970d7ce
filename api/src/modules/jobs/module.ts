import type { ApiModule } from '../api-module';
import { JOBS_COLLECTIONS, JOBS_INDEXES } from './collections';
import jobsRepository, { type JobsRepository } from './jobs-repository';
import jobsService, { type JobRunner } from './jobs-service';
import purgeJob from './purge-job';

/** What the jobs module adds to the app: the runner other modules define their job types on. */
declare module 'fastify' {
  interface FastifyInstance {
    jobsRepository: JobsRepository;
    jobs: JobRunner;
  }
}

export const jobsModule: ApiModule = {
  name: 'jobs',
  collections: JOBS_COLLECTIONS,
  indexes: JOBS_INDEXES,
  repositories: [jobsRepository],
  services: [jobsService, purgeJob],
  routes: {},
};
