import type { FastifyInstance } from 'fastify';
import { effectiveRevision } from '../../revisions/rules/revision';
import type { CertificateDocument, CertificateStatus } from '../documents';
import { certificateStatus, type CertificateStanding } from '../rules/certificate-status';

export interface CertificateVerdict extends CertificateStanding {
  status: CertificateStatus;
  /** The certificate's document code, when the video is under document control. */
  documentCode: string | null;
}

/**
 * Where a certificate stands now (issue 31): revoked by a signed record, superseded by a newer
 * revision of the video's document, past the validity the holder's functions give it, or valid.
 */
export async function certificateVerdict(fastify: FastifyInstance, certificate: CertificateDocument): Promise<CertificateVerdict> {
  const ref = { itemType: 'VIDEO' as const, itemId: certificate.videoId };
  const [history, revocation, validUntil] = await Promise.all([
    fastify.revisionsRepository.history(ref),
    fastify.signedRecordsRepository.certificateRevocation(certificate.code),
    fastify.competence.expiresAt(certificate.userId, ref, certificate.completedAt),
  ]);
  const current = history[0] ?? null;
  const standing: CertificateStanding = {
    revoked: revocation !== null,
    revision: effectiveRevision(certificate.document?.revision ?? null, history[history.length - 1] ?? null),
    currentRevision: current?.revision ?? null,
    validUntil,
  };
  return { ...standing, status: certificateStatus(standing, fastify.clock.now()), documentCode: certificate.document?.code ?? current?.documentCode ?? null };
}
