import type { ApiModule } from '../api-module';
import { PROGRESS_COLLECTIONS, PROGRESS_INDEXES } from './collections';
import certificateRoutes from './certificate-routes';
import certificatesRepository from './certificates-repository';
import meRoutes from './me-routes';
import memberRoutes from './member-routes';
import progressRepository from './progress-repository';

export const progressModule: ApiModule = {
  name: 'progress',
  collections: PROGRESS_COLLECTIONS,
  indexes: PROGRESS_INDEXES,
  repositories: [progressRepository, certificatesRepository],
  routes: [
    { prefix: '/certificates', plugin: certificateRoutes },
    { prefix: '/me', plugin: meRoutes },
    { prefix: '/users', plugin: memberRoutes },
  ],
};
