import type { ApiModule } from '../api-module';
import { PROGRESS_COLLECTIONS, PROGRESS_INDEXES } from './collections';
import certificateRoutes from './certificate-routes';
import certificatesRepository, { type CertificatesRepository } from './certificates-repository';
import certificatesService, { type CertificatesService } from './certificates-service';
import meRoutes from './me-routes';
import memberRoutes from './member-routes';
import progressRepository, { type ProgressRepository } from './progress-repository';

/** What the progress module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    progressRepository: ProgressRepository;
    certificatesRepository: CertificatesRepository;
    certificates: CertificatesService;
  }
}

export const progressModule: ApiModule = {
  name: 'progress',
  collections: PROGRESS_COLLECTIONS,
  indexes: PROGRESS_INDEXES,
  repositories: [progressRepository, certificatesRepository],
  services: [certificatesService],
  routes: { '/certificates': certificateRoutes, '/me': meRoutes, '/users': memberRoutes },
};
