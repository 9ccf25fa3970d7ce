import type { ApiModule } from '../api-module';
import { MAIL_COLLECTIONS, MAIL_INDEXES } from './collections';
import mailPreferencesRepository, { type MailPreferencesRepository } from './mail-preferences-repository';
import mailService, { type MailService } from './mail-service';
import { adminEmailRoutes, preferenceRoutes } from './routes';

/** What the mail module adds to the app: the outbox other modules send through. */
declare module 'fastify' {
  interface FastifyInstance {
    mailPreferencesRepository: MailPreferencesRepository;
    mail: MailService;
  }
}

export const mailModule: ApiModule = {
  name: 'mail',
  collections: MAIL_COLLECTIONS,
  indexes: MAIL_INDEXES,
  repositories: [mailPreferencesRepository],
  services: [mailService],
  routes: { '/me/email-preferences': preferenceRoutes, '/admin/emails': adminEmailRoutes },
};
