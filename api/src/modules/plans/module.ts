import type { ApiModule } from '../api-module';
import { PLANS_COLLECTIONS, PLANS_INDEXES } from './collections';
import plansRepository, { type PlansRepository } from './plans-repository';
import routes from './routes';

/** What the plans module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    plansRepository: PlansRepository;
  }
}

export const plansModule: ApiModule = {
  name: 'plans',
  collections: PLANS_COLLECTIONS,
  indexes: PLANS_INDEXES,
  repositories: [plansRepository],
  routes: { '/plans': routes },
};
