import type { ApiModule } from '../api-module';
import legalService, { type LegalService } from './legal-service';
import routes from './routes';

/** What the legal module adds to the app: who runs the club and the documents people accept. */
declare module 'fastify' {
  interface FastifyInstance {
    legal: LegalService;
  }
}

export const legalModule: ApiModule = {
  name: 'legal',
  collections: {},
  indexes: [],
  repositories: [],
  services: [legalService],
  routes: { '/legal': routes },
};
