import type { ApiModule } from '../api-module';
import plansRepository from './plans-repository';
import routes from './routes';

export const plansModule: ApiModule = {
  name: 'plans',
  repositories: [plansRepository],
  routes: [{ prefix: '/plans', plugin: routes }],
};
