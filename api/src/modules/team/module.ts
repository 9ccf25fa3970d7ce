import type { ApiModule } from '../api-module';
import routes from './routes';
import teamRepository from './team-repository';
import teamService from './team-service';

export const teamModule: ApiModule = {
  name: 'team',
  repositories: [teamRepository],
  services: [teamService],
  routes: [{ prefix: '/team', plugin: routes }],
};
