import type { ApiModule } from '../api-module';
import { REVISIONS_COLLECTIONS, REVISIONS_INDEXES } from './collections';
import revisionsRepository, { type RevisionsRepository } from './revisions-repository';
import revisionsService, { type Revisions } from './revisions-service';
import routes from './routes';

/** What the revisions module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    revisionsRepository: RevisionsRepository;
    revisions: Revisions;
  }
}

export const revisionsModule: ApiModule = {
  name: 'revisions',
  collections: REVISIONS_COLLECTIONS,
  indexes: REVISIONS_INDEXES,
  repositories: [revisionsRepository],
  services: [revisionsService],
  routes: { '/revisions': routes },
};
