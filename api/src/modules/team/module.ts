import type { ApiModule } from '../api-module';
import { TEAM_COLLECTIONS, TEAM_INDEXES } from './collections';
import memberRoutes from './member-routes';
import routes from './routes';
import teamRepository from './team-repository';
import teamService from './team-service';

export const teamModule: ApiModule = {
  name: 'team',
  collections: TEAM_COLLECTIONS,
  indexes: TEAM_INDEXES,
  repositories: [teamRepository],
  services: [teamService],
  routes: [
    { prefix: '/team', plugin: routes },
    { prefix: '/users', plugin: memberRoutes },
  ],
};
