import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { AppError, conflict } from '../../http/app-error';
import type { InvoiceDocument, SubscriptionDocument } from '../billing/documents';
import type { UnlockDocument } from '../entitlements/documents';
import type { CertificateDocument, VideoProgressDocument } from '../progress/documents';
import type { SuggestionDocument, SuggestionVoteDocument } from '../suggestions/documents';
import type { UserDocument } from '../users/documents';

/** Everything the club holds about one member (LGPD art. 18: access and portability). */
export interface PersonalData {
  user: UserDocument;
  subscriptions: SubscriptionDocument[];
  invoices: InvoiceDocument[];
  unlocks: UnlockDocument[];
  progress: VideoProgressDocument[];
  suggestions: SuggestionDocument[];
  votes: SuggestionVoteDocument[];
  certificates: CertificateDocument[];
}

/**
 * The member's data across the modules that hold it, for the export and the erasure (LGPD art.
 * 18). This module owns no collection: each owner exports and erases its own through named
 * operations (`allForUser`, `deleteAllForUser`, `eraseOwner`…).
 */
export interface PersonalDataService {
  collect(user: UserDocument): Promise<PersonalData>;
  /**
   * Deletes the account, in this order: the Firebase account (503 if that fails, nothing else
   * changed), the erasure record (its tokens are refused from then on), the open subscription
   * (through the billing rules), the person's seat and e-mail on laboratory seats, what only
   * describes the person (unlocks, progress, suggestions, votes, certificates), the person's id on
   * the fiscal records kept (subscriptions, invoices), and the profile. The last admin: 409.
   */
  deleteAccount(user: UserDocument, log: FastifyBaseLogger): Promise<void>;
}

const lastAdmin = () =>
  conflict('Você é o último administrador do clube. Promova outra pessoa a administradora antes de excluir sua conta.', 'LAST_ADMIN');

export default fp(
  async function personalData(fastify: FastifyInstance) {
    const service: PersonalDataService = {
      async collect(user) {
        const userId = user._id;
        const [subscriptions, invoices, unlocks, progress, { suggestions, votes }, certificates] = await Promise.all([
          fastify.subscriptionsRepository.allForUser(userId),
          fastify.invoicesRepository.allForUser(userId),
          fastify.unlocksRepository.allForUser(userId),
          fastify.progressRepository.allForUser(userId),
          fastify.suggestionsRepository.allForUser(userId),
          fastify.certificatesRepository.allForUser(userId),
        ]);
        return { user, subscriptions, invoices, unlocks, progress, suggestions, votes, certificates };
      },

      async deleteAccount(user, log) {
        if (await fastify.usersRepository.isLastAdmin(user._id)) throw lastAdmin();
        // 1. Firebase first: if it fails, nothing else has changed and the member can try again.
        try {
          await fastify.identity.auth.deleteUser(user.providerId);
        } catch (error) {
          if ((error as { code?: string }).code !== 'auth/user-not-found') {
            log.error({ err: error }, 'firebase deleteUser failed');
            throw new AppError(503, 'ACCOUNT_DELETION_UNAVAILABLE', 'Não foi possível excluir sua conta agora. Tente novamente em instantes.');
          }
        }
        // 2. From here on the token is refused, even while cached.
        await fastify.usersRepository.recordErasedIdentity(user.providerId);
        // 3. The subscription ends through the billing rules (open invoices canceled with it).
        const open = await fastify.subscriptionsRepository.findOpenByUser(user._id);
        if (open) await fastify.billing.cancelNow(open);
        // 3b. A technician's seat is freed; seats (kept in the laboratory's training record) forget the e-mail.
        await fastify.team.forgetPerson(user);
        // 4. Personal records erased, fiscal ones kept without the person (a random id nothing maps back).
        const userId = user._id;
        const erasureId = new ObjectId();
        const at = fastify.clock.now();
        const [unlocksDeleted, progressDeleted, suggestions] = await Promise.all([
          fastify.unlocksRepository.deleteAllForUser(userId),
          fastify.progressRepository.deleteAllForUser(userId),
          fastify.suggestionsRepository.deleteAllForUser(userId),
        ]);
        const subscriptionsKept = await fastify.subscriptionsRepository.eraseOwner(userId, erasureId, at);
        const invoicesKept = await fastify.invoicesRepository.eraseOwner(userId, erasureId, at);
        // Certificates carry the name: they go too (their codes then answer "não encontrado").
        const certificatesDeleted = await fastify.certificatesRepository.deleteAllForUser(userId);
        // E-mail (modules/mail): the messages to the person (their address, links) and their preferences.
        const emailsDeleted = await fastify.jobsRepository.deleteForUser(userId, user.email);
        await fastify.mailPreferencesRepository.deleteForUser(userId);
        // 5. The profile itself (so the admin lists no longer show the name or e-mail).
        await fastify.usersRepository.deleteProfile(userId);
        // 6. The confirmation: its job holds only the address, and forgets it once the message left.
        try {
          await fastify.mail.hooks.accountDeleted({ email: user.email }, erasureId.toHexString());
        } catch (error) {
          log.error({ err: error, email: 'account-deleted' }, 'account-deleted e-mail could not be queued');
        }
        log.info(
          {
            audit: 'lgpd.account-deleted',
            erasureId: erasureId.toHexString(),
            subscriptionCanceled: Boolean(open),
            subscriptionsKept,
            invoicesKept,
            unlocksDeleted,
            progressDeleted,
            suggestionsDeleted: suggestions.suggestions,
            votesDeleted: suggestions.votes,
            certificatesDeleted,
            emailsDeleted,
          },
          'LGPD: conta excluída a pedido do membro',
        );
      },
    };

    fastify.decorate('personalData', service);
  },
  {
    name: 'personal-data',
    dependencies: [
      'clock',
      'firebase',
      'users-repository',
      'subscriptions-repository',
      'invoices-repository',
      'unlocks-repository',
      'progress-repository',
      'certificates-repository',
      'suggestions-repository',
      'jobs-repository',
      'mail-preferences-repository',
      'mail',
      'billing',
      'team-service',
    ],
  },
);
