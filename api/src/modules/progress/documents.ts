import type { ObjectId } from 'mongodb';

/**
 * A certificate of completion (issue 16): issued when a member finishes a video (the 90 % rule in
 * rules/watch-progress.ts), one version per holder name. A correction of the name issues a new
 * version with a new code; the old one keeps verifying, pointing at its successor.
 */
export interface CertificateDocument {
  _id: ObjectId;
  /** 10 characters of Crockford base32, upper case, random: what the QR code and the page carry. */
  code: string;
  /** 1, 2, … per (userId, videoId): a new one each time the holder's name is corrected. */
  version: number;
  userId: ObjectId;
  videoId: ObjectId;
  /** `user.name` when this version was issued. */
  holderName: string;
  /** The video's title when the certificate was first issued (kept by later versions). */
  videoTitle: string;
  durationSeconds: number;
  completedAt: Date;
  issuedAt: Date;
  /** The team account's laboratory (ACTIVE seat), else the member's own, else none. */
  laboratory: CertificateLaboratory | null;
  previousCode: string | null;
  supersededBy: string | null;
  /**
   * The controlled document's revision in force when this version was issued (issue 31); absent or
   * null when the video was not under document control.
   */
  document?: CertificateDocumentRevision | null;
}

export interface CertificateDocumentRevision {
  code: string;
  revision: number;
}

export interface CertificateLaboratory {
  accountId: ObjectId | null;
  name: string;
  /** Digits only. */
  cnpj: string;
}

/** A member's progress on one video (rules/watch-progress.ts says how it is computed). */
export interface VideoProgressDocument {
  _id: ObjectId;
  userId: ObjectId;
  videoId: ObjectId;
  /** Where the player resumes. */
  positionSeconds: number;
  /** The longest duration the player reported. */
  durationSeconds: number;
  /** Parts of the video really watched, merged and sorted. */
  watchedRanges: { start: number; end: number }[];
  watchedSeconds: number;
  lastReportAt: Date;
  finishedAt: Date | null;
  /** Bumped by every write: a report applies only on top of the state it was computed from. */
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What the public page says a certificate is now (issue 31; rules/certificate-status.ts decides). */
export const CERTIFICATE_STATUSES = ['VALID', 'SUPERSEDED', 'EXPIRED', 'REVOKED'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
