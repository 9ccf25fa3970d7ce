import type { ApiModule } from '../api-module';
import auditRepository, { type AuditRepository } from './audit-repository';
import { AUTHORIZATIONS_COLLECTIONS, AUTHORIZATIONS_INDEXES } from './collections';
import signedRecordsRepository, { type SignedRecordsRepository } from './signed-records-repository';

/** What the authorizations module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    auditRepository: AuditRepository;
    signedRecordsRepository: SignedRecordsRepository;
  }
}

export const authorizationsModule: ApiModule = {
  name: 'authorizations',
  collections: AUTHORIZATIONS_COLLECTIONS,
  indexes: AUTHORIZATIONS_INDEXES,
  repositories: [auditRepository, signedRecordsRepository],
  routes: {},
};
