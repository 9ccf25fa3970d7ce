import type { ApiModule } from '../api-module';
import { ENTITLEMENTS_COLLECTIONS, ENTITLEMENTS_INDEXES } from './collections';
import entitlementsService, { type Entitlements } from './entitlements-service';
import meRoutes from './me-routes';
import memberRoutes from './member-routes';
import unlockRoutes from './unlock-routes';
import unlocksRepository, { type UnlocksRepository } from './unlocks-repository';
import unlocksService, { type UnlocksService } from './unlocks-service';

/** What the entitlements module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    unlocksRepository: UnlocksRepository;
    unlocksService: UnlocksService;
    entitlements: Entitlements;
  }
}

export const entitlementsModule: ApiModule = {
  name: 'entitlements',
  collections: ENTITLEMENTS_COLLECTIONS,
  indexes: ENTITLEMENTS_INDEXES,
  repositories: [unlocksRepository],
  services: [unlocksService, entitlementsService],
  routes: { '/unlocks': unlockRoutes, '/me': meRoutes, '/users': memberRoutes },
};
