import type { ApiModule } from '../api-module';
import exportsService from './exports-service';
import metricsService from './metrics-service';
import routes from './routes';

export const adminModule: ApiModule = {
  name: 'admin',
  collections: {},
  indexes: [],
  repositories: [],
  services: [metricsService, exportsService],
  routes: [{ prefix: '/admin', plugin: routes }],
};
