import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { AppError, conflict } from '../../http/app-error';
import type { InvoiceDocument, SubscriptionDocument } from '../billing/documents';
import type { UnlockDocument } from '../entitlements/documents';
import type { CertificateDocument, VideoProgressDocument } from '../progress/documents';
import type { SuggestionDocument, SuggestionVoteDocument } from '../suggestions/documents';
import type { AttemptDocument } from '../assessments/documents';
import type { SignedRecordDocument } from '../authorizations/documents';
import type { CompetenceFunctionDocument, CompletionDocument, ExportDocument, FunctionAssignmentDocument } from '../competence/documents';
import { ERASED_PERSON_NAME, type UserDocument } from '../users/documents';

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
  /** The competence dossier (issue 31): the person's functions, attempts, completions, signed records about or by them, dossier files about them. */
  competence: {
    assignments: FunctionAssignmentDocument[];
    functions: CompetenceFunctionDocument[];
    attempts: AttemptDocument[];
    completions: CompletionDocument[];
    signedRecords: SignedRecordDocument[];
    exports: ExportDocument[];
  };
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
   * describes the person (unlocks, progress, suggestions, votes, certificates; the competence
   * dossier's attempts, completions, function assignments and dossier files), the person's id on
   * the fiscal records kept (subscriptions, invoices) and on the laboratory's records kept (signed
   * records, audit trail, document revisions, assignments and files the person made), and the
   * profile. The last admin: 409.
   */
  deleteAccount(user: UserDocument, log: FastifyBaseLogger): Promise<void>;
}

const lastAdmin = () =>
  conflict('Você é o último administrador do clube. Promova outra pessoa a administradora antes de excluir sua conta.', 'LAST_ADMIN');

export default fp(
  async function personalData(fastify: FastifyInstance) {
    async function collectCompetence(userId: ObjectId): Promise<PersonalData['competence']> {
      const [assignments, attempts, completions, signedRecords, exports] = await Promise.all([
        fastify.functionsRepository.assignmentsOfUser(userId),
        fastify.assessmentsRepository.attemptsOfUsers([userId]),
        fastify.completionsRepository.forUsers([userId]),
        fastify.signedRecordsRepository.allForUser(userId),
        fastify.exportsRepository.allForUser(userId),
      ]);
      const functions = await fastify.functionsRepository.functionsByIds([...new Set(assignments.map((a) => a.functionId.toHexString()))].map((id) => new ObjectId(id)));
      return { assignments, functions, attempts, completions, signedRecords, exports };
    }

    /**
     * The competence dossier (issue 31). The person's own records go: attempts, completions, function
     * assignments, the dossier files about them. The laboratory's records (ISO/IEC 17025 §8.3–8.4)
     * stay without the person: signed records about or by them, the audit trail, document
     * revisions they published, assignments and files they made as a manager.
     */
    async function eraseCompetence(user: UserDocument, erasureId: ObjectId, at: Date, certificateIds: ObjectId[]) {
      const userId = user._id;
      const { signedRecords, exports } = await collectCompetence(userId);
      const names = [
        user.name,
        ...signedRecords.flatMap((record) => [record.subjectUserId?.equals(userId) ? record.subjectName : null, record.signature.signerId.equals(userId) ? record.signature.printedName : null]),
        ...exports.map((file) => file.subjectName),
      ].filter((name): name is string => Boolean(name));
      const recordIds = await fastify.signedRecordsRepository.eraseOwner(userId, erasureId, names, at);
      const auditEntriesKept = await fastify.auditRepository.eraseOwner(userId, erasureId, names, [...recordIds, ...certificateIds]);
      const attemptsDeleted = await fastify.assessmentsRepository.deleteAttemptsForUser(userId);
      const completionsDeleted = await fastify.completionsRepository.deleteAllForUser(userId);
      const assignments = await fastify.functionsRepository.eraseUser(userId, erasureId);
      const dossierExports = await fastify.exportsRepository.eraseUser(userId, erasureId, ERASED_PERSON_NAME);
      const revisionsKept = await fastify.revisionsRepository.eraseOwner(userId, erasureId, ERASED_PERSON_NAME);
      return {
        signedRecordsKept: recordIds.length,
        auditEntriesKept,
        attemptsDeleted,
        completionsDeleted,
        assignmentsDeleted: assignments.deleted,
        dossierExportsDeleted: dossierExports.deleted,
        dossierExportsKept: dossierExports.anonymised,
        revisionsKept,
      };
    }

    const service: PersonalDataService = {
      async collect(user) {
        const userId = user._id;
        const [subscriptions, invoices, unlocks, progress, { suggestions, votes }, certificates, competence] = await Promise.all([
          fastify.subscriptionsRepository.allForUser(userId),
          fastify.invoicesRepository.allForUser(userId),
          fastify.unlocksRepository.allForUser(userId),
          fastify.progressRepository.allForUser(userId),
          fastify.suggestionsRepository.allForUser(userId),
          fastify.certificatesRepository.allForUser(userId),
          collectCompetence(userId),
        ]);
        return { user, subscriptions, invoices, unlocks, progress, suggestions, votes, certificates, competence };
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
        const erasureId = new ObjectId();
        await fastify.team.forgetPerson(user, erasureId);
        // 4. Personal records erased, fiscal ones kept without the person (a random id nothing maps back).
        const userId = user._id;
        const at = fastify.clock.now();
        const [unlocksDeleted, progressDeleted, suggestions] = await Promise.all([
          fastify.unlocksRepository.deleteAllForUser(userId),
          fastify.progressRepository.deleteAllForUser(userId),
          fastify.suggestionsRepository.deleteAllForUser(userId),
        ]);
        const subscriptionsKept = await fastify.subscriptionsRepository.eraseOwner(userId, erasureId, at);
        const invoicesKept = await fastify.invoicesRepository.eraseOwner(userId, erasureId, at);
        // The competence dossier: the person's own records go, the laboratory's stay without the person.
        const certificateIds = (await fastify.certificatesRepository.allForUser(userId)).map((certificate) => certificate._id);
        const competence = await eraseCompetence(user, erasureId, at, certificateIds);
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
            ...competence,
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
      'functions-repository',
      'completions-repository',
      'exports-repository',
      'assessments-repository',
      'signed-records-repository',
      'audit-repository',
      'revisions-repository',
    ],
  },
);
