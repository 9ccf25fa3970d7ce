import type { ApiModule } from '../api-module';
import { PLANS_COLLECTIONS, PLANS_INDEXES } from './collections';
import plansRepository from './plans-repository';
import routes from './routes';

export const plansModule: ApiModule = {
  name: 'plans',
  collections: PLANS_COLLECTIONS,
  indexes: PLANS_INDEXES,
  repositories: [plansRepository],
  routes: [{ prefix: '/plans', plugin: routes }],
};
