import type { ApiModule } from '../api-module';
import { TEAM_COLLECTIONS, TEAM_INDEXES } from './collections';
import memberRoutes from './member-routes';
import routes from './routes';
import teamRepository, { type TeamRepository } from './team-repository';
import teamService, { type TeamService } from './team-service';

/** What the team module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    teamRepository: TeamRepository;
    team: TeamService;
  }
}

export const teamModule: ApiModule = {
  name: 'team',
  collections: TEAM_COLLECTIONS,
  indexes: TEAM_INDEXES,
  repositories: [teamRepository],
  services: [teamService],
  routes: { '/team': routes, '/users': memberRoutes },
};
