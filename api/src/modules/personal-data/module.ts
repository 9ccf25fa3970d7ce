import type { ApiModule } from '../api-module';
import personalDataService, { type PersonalDataService } from './personal-data-service';
import routes from './routes';

/** What the personal-data module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    personalData: PersonalDataService;
  }
}

export const personalDataModule: ApiModule = {
  name: 'personal-data',
  collections: {},
  indexes: [],
  repositories: [],
  services: [personalDataService],
  routes: { '/me': routes },
};
