import type { ApiModule } from '../api-module';
import assessmentsRepository, { type AssessmentsRepository } from './assessments-repository';
import assessmentsService, { type Assessments } from './assessments-service';
import { ASSESSMENTS_COLLECTIONS, ASSESSMENTS_INDEXES } from './collections';
import routes from './routes';

/** What the assessments module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    assessmentsRepository: AssessmentsRepository;
    assessments: Assessments;
  }
}

export const assessmentsModule: ApiModule = {
  name: 'assessments',
  collections: ASSESSMENTS_COLLECTIONS,
  indexes: ASSESSMENTS_INDEXES,
  repositories: [assessmentsRepository],
  services: [assessmentsService],
  routes: { '/assessments': routes },
};
