import { revisionLabel } from '../revisions/rules/revision';
import { CERTIFICATE_STATUS_LABELS } from './rules/certificate-status';
import type { CertificateVerdict } from './use-cases/certificate-standing';
import type { CertificateDocument, VideoProgressDocument } from './documents';
import { formatWatchTime } from '../../http/format';
import { certificateHours } from './rules/certificate-code';
import { percentWatched } from './rules/watch-progress';

export function toPublicCertificate(certificate: CertificateDocument, history: CertificateDocument[]) {
  return {
    code: certificate.code,
    version: certificate.version,
    holderName: certificate.holderName,
    videoTitle: certificate.videoTitle,
    hours: certificateHours(certificate.durationSeconds),
    workload: formatWatchTime(certificate.durationSeconds),
    completedAt: certificate.completedAt.toISOString(),
    issuedAt: certificate.issuedAt.toISOString(),
    laboratory: certificate.laboratory ? { name: certificate.laboratory.name, cnpj: certificate.laboratory.cnpj } : null,
    current: certificate.supersededBy === null,
    supersededBy: certificate.supersededBy,
    history: history.map((version) => ({
      code: version.code,
      version: version.version,
      holderName: version.holderName,
      issuedAt: version.issuedAt.toISOString(),
    })),
  };
}

/** The public page's status of a certificate (issue 31): Válido, Substituído, Vencido or Revogado, with the document revision. */
export function toCertificateVerdict(verdict: CertificateVerdict) {
  const { documentCode, revision } = verdict;
  return {
    status: verdict.status,
    statusLabel: CERTIFICATE_STATUS_LABELS[verdict.status],
    document: documentCode !== null && revision !== null ? { code: documentCode, revision, label: revisionLabel({ documentCode, revision }) } : null,
    currentRevision: verdict.currentRevision,
    validUntil: verdict.validUntil ? verdict.validUntil.toISOString() : null,
  };
}

export function toMyCertificate(certificate: CertificateDocument) {
  return {
    code: certificate.code,
    version: certificate.version,
    videoId: certificate.videoId.toHexString(),
    videoTitle: certificate.videoTitle,
    hours: certificateHours(certificate.durationSeconds),
    workload: formatWatchTime(certificate.durationSeconds),
    completedAt: certificate.completedAt.toISOString(),
    issuedAt: certificate.issuedAt.toISOString(),
  };
}

/** A member's progress as pages see it (the watched ranges stay inside). */
export function toProgressSummary(progress: VideoProgressDocument) {
  return {
    positionSeconds: progress.positionSeconds,
    durationSeconds: progress.durationSeconds,
    watchedSeconds: progress.watchedSeconds,
    percent: percentWatched(progress),
    finished: progress.finishedAt !== null,
    finishedAt: progress.finishedAt ? progress.finishedAt.toISOString() : null,
    lastWatchedAt: progress.lastReportAt.toISOString(),
  };
}
