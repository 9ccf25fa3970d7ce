import type { ApiModule } from '../api-module';
import exportsService, { type AdminExports } from './exports-service';
import metricsService, { type AdminMetricsService } from './metrics-service';
import routes from './routes';

/** What the admin module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    adminMetrics: AdminMetricsService;
    adminExports: AdminExports;
  }
}

export const adminModule: ApiModule = {
  name: 'admin',
  collections: {},
  indexes: [],
  repositories: [],
  services: [metricsService, exportsService],
  routes: { '/admin': routes },
};
