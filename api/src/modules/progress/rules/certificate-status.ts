import type { CertificateStatus } from '../documents';

/** What the public page says of each status. */
export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  VALID: 'Válido',
  SUPERSEDED: 'Substituído (nova revisão do documento)',
  EXPIRED: 'Vencido',
  REVOKED: 'Revogado',
};

export interface CertificateStanding {
  /** A signed revocation of this certificate exists. */
  revoked: boolean;
  /** The document revision the certificate counts as (its own, or the first registered when it predates control); null: not controlled. */
  revision: number | null;
  /** The revision in force now; null when the video is not under document control. */
  currentRevision: number | null;
  /** When the qualification stops counting (the holder's functions' validity); null when nothing limits it. */
  validUntil: Date | null;
}

/**
 * The status a certificate shows, first that applies: REVOKED (signed revocation) → SUPERSEDED (a
 * later revision of the document is in force) → EXPIRED (past the validity) → VALID.
 */
export function certificateStatus(standing: CertificateStanding, now: Date): CertificateStatus {
  if (standing.revoked) return 'REVOKED';
  if (standing.currentRevision !== null && standing.revision !== standing.currentRevision) return 'SUPERSEDED';
  if (standing.validUntil !== null && standing.validUntil <= now) return 'EXPIRED';
  return 'VALID';
}
