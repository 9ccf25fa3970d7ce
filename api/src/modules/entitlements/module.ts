import type { ApiModule } from '../api-module';
import { ENTITLEMENTS_COLLECTIONS, ENTITLEMENTS_INDEXES } from './collections';
import entitlementsService from './entitlements-service';
import meRoutes from './me-routes';
import memberRoutes from './member-routes';
import unlockRoutes from './unlock-routes';
import unlocksRepository from './unlocks-repository';
import unlocksService from './unlocks-service';

export const entitlementsModule: ApiModule = {
  name: 'entitlements',
  collections: ENTITLEMENTS_COLLECTIONS,
  indexes: ENTITLEMENTS_INDEXES,
  repositories: [unlocksRepository],
  services: [unlocksService, entitlementsService],
  routes: [
    { prefix: '/unlocks', plugin: unlockRoutes },
    { prefix: '/me', plugin: meRoutes },
    { prefix: '/users', plugin: memberRoutes },
  ],
};
