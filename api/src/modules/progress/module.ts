import type { ApiModule } from '../api-module';
import certificateRoutes from './certificate-routes';
import certificatesRepository from './certificates-repository';
import meRoutes from './me-routes';
import progressRepository from './progress-repository';

export const progressModule: ApiModule = {
  name: 'progress',
  repositories: [progressRepository, certificatesRepository],
  routes: [
    { prefix: '/certificates', plugin: certificateRoutes },
    { prefix: '/me', plugin: meRoutes },
  ],
};
