import type { ApiModule } from '../api-module';
import entitlementsService from './entitlements-service';
import unlockRoutes from './unlock-routes';
import unlocksRepository from './unlocks-repository';
import unlocksService from './unlocks-service';

export const entitlementsModule: ApiModule = {
  name: 'entitlements',
  repositories: [unlocksRepository],
  services: [unlocksService, entitlementsService],
  routes: [{ prefix: '/unlocks', plugin: unlockRoutes }],
};
