import type { ApiModule } from '../api-module';
import auditRepository, { type AuditRepository } from './audit-repository';
import authorizationsService, { type Authorizations } from './authorizations-service';
import { AUTHORIZATIONS_COLLECTIONS, AUTHORIZATIONS_INDEXES } from './collections';
import routes from './routes';
import signedRecordsRepository, { type SignedRecordsRepository } from './signed-records-repository';

/** What the authorizations module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    auditRepository: AuditRepository;
    signedRecordsRepository: SignedRecordsRepository;
    authorizations: Authorizations;
  }
}

export const authorizationsModule: ApiModule = {
  name: 'authorizations',
  collections: AUTHORIZATIONS_COLLECTIONS,
  indexes: AUTHORIZATIONS_INDEXES,
  repositories: [auditRepository, signedRecordsRepository],
  services: [authorizationsService],
  routes: { '/authorizations': routes },
};
