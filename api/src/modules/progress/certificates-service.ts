import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { effectiveRevision } from '../revisions/rules/revision';
import type { UserDocument } from '../users/documents';
import type { FinishedVideo } from './certificates-repository';
import type { CertificateDocument, CertificateDocumentRevision, CertificateLaboratory } from './documents';
import { certificateUrl } from './certificate-pdf';

export interface IssueOptions {
  /**
   * A new completion after an earlier one of the same revision (the person passed again, or read
   * it again after it expired): the certificate gets a new version with the new date.
   */
  reevaluation?: boolean;
}

export interface CertificatesService {
  /**
   * The member's certificate of `video` completed at `completedAt`: version 1 if none; a new version
   * when a later document revision is in force than the certificate's (or for a re-evaluation);
   * else the current one, unchanged.
   */
  issue(user: UserDocument, video: FinishedVideo, completedAt: Date, options?: IssueOptions): Promise<CertificateDocument>;
}

/** Issues certificates of completion, stamped with the video's document revision in force (issue 31). */
export default fp(
  async function certificatesService(fastify: FastifyInstance) {
    const repository = fastify.certificatesRepository;

    /**
     * The laboratory a certificate names: the team account of the member's ACTIVE seat, else the
     * member's own laboratory, else none (asked through the team module's operations).
     */
    async function laboratoryOf(user: UserDocument): Promise<CertificateLaboratory | null> {
      const seat = await fastify.teamRepository.findActiveSeat(user._id);
      if (seat) {
        const account = await fastify.teamRepository.findAccountById(seat.accountId);
        if (account) return { accountId: account._id, name: account.name, cnpj: account.cnpj };
      }
      return user.laboratory ? { accountId: null, name: user.laboratory.name, cnpj: user.laboratory.cnpj } : null;
    }

    /** A certificate (or a new version of one) was issued: e-mail its public page, once per code. */
    async function announce(user: UserDocument, certificate: CertificateDocument) {
      try {
        await fastify.mail.hooks.certificateIssued({ email: user.email, userId: user._id }, certificate.code, {
          contentTitle: certificate.videoTitle,
          certificateUrl: certificateUrl(fastify.config.publicWebUrl, certificate.code),
        });
      } catch (error) {
        fastify.log.error({ err: error, email: 'certificate-issued' }, 'certificate e-mail could not be queued');
      }
    }

    const service: CertificatesService = {
      async issue(user, video, completedAt, options = {}) {
        const asked = fastify.clock.now();
        const certificate = await issueOrFind(user, video, completedAt, options);
        // Issued by this call (not found from an earlier one).
        if (certificate.issuedAt >= asked) await announce(user, certificate);
        return certificate;
      },
    };

    async function issueOrFind(user: UserDocument, video: FinishedVideo, completedAt: Date, options: IssueOptions): Promise<CertificateDocument> {
      const history = await fastify.revisionsRepository.history({ itemType: 'VIDEO', itemId: video._id });
      const current = history[0] ?? null;
      const first = history[history.length - 1] ?? null;
      const document: CertificateDocumentRevision | null = current ? { code: current.documentCode, revision: current.revision } : null;
      const latest = await repository.latestFor(user._id, video._id);
      if (!latest) return repository.issueForCompletion(user, video, completedAt, () => laboratoryOf(user), document);
      const newerRevision = current !== null && effectiveRevision(latest.document?.revision ?? null, first) !== current.revision;
      const renewed = options.reevaluation === true && latest.completedAt < completedAt;
      if (!newerRevision && !renewed) return latest;
      return repository.reissueForCompletion(latest, user.name, completedAt, document);
    }
    fastify.decorate('certificates', service);
  },
  { name: 'certificates-service', dependencies: ['certificates-repository', 'revisions-repository', 'team-repository', 'mail'] },
);
