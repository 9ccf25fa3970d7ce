import type { ObjectId } from 'mongodb';
import type { ItemType } from '../catalogue/documents';
import type { UserRole } from '../users/documents';

/**
 * Electronic records of the competence dossier (issue 31). Signed records follow 21 CFR 11.50:
 * the printed name of the signer, the date and time, and the meaning of the signature; they are
 * never changed nor deleted — a correction is a new record that revokes the old one.
 */

export const SIGNED_RECORD_KINDS = ['AUTHORIZATION', 'REVOCATION', 'CERTIFICATE_REVOCATION'] as const;
export type SignedRecordKind = (typeof SIGNED_RECORD_KINDS)[number];

export const SIGNATURE_MEANINGS = ['AUTHORIZE', 'REVIEW_APPROVE', 'REVOKE'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];

/** What each meaning says on the record, in the signer's words. */
export const MEANING_WORDS: Record<SignatureMeaning, string> = {
  AUTHORIZE: 'Autorizo',
  REVIEW_APPROVE: 'Revisei e aprovo',
  REVOKE: 'Revogo',
};

export interface SignatureManifest {
  signerId: ObjectId;
  /** The signer's name as printed on the record (their profile name when signing). */
  printedName: string;
  signerRole: UserRole;
  meaning: SignatureMeaning;
  meaningText: string;
  signedAt: Date;
  /** When the signer last typed their password (the token's auth_time): at most 5 minutes before signing. */
  authTime: Date;
  method: 'FIREBASE_PASSWORD_REAUTHENTICATION';
}

/** An item the person had to have passed before being authorized, as it stood at signing. */
export interface RequiredItemSnapshot {
  itemType: ItemType;
  itemId: ObjectId;
  title: string;
  documentCode: string | null;
  revision: number | null;
  completedAt: Date;
  scorePercent: number | null;
}

export interface SignedRecordDocument {
  _id: ObjectId;
  kind: SignedRecordKind;
  /** The laboratory account; null for a certificate revocation (signed by the issuer). */
  accountId: ObjectId | null;
  subjectUserId: ObjectId | null;
  /** The person's name when signed. */
  subjectName: string | null;
  /** What the person is authorized for ("Coleta de sangue venoso"); null for revocations. */
  activity: string | null;
  requiredItems: RequiredItemSnapshot[];
  /** Why (a correction or a revocation); may be empty for an authorization. */
  reason: string;
  /** The record this one revokes (a correction or a withdrawal), else null. */
  revokes: ObjectId | null;
  /** True exactly when `revokes` is set (the unique index keeps one revocation per record). */
  revoking: boolean;
  certificateCode: string | null;
  signature: SignatureManifest;
  /** SHA-256 (hex) of the record's content and its signature manifest (21 CFR 11.70: bound to this record). */
  contentHash: string;
  /**
   * Set by an LGPD erasure of the subject or the signer: their id, name and any repetition of it in
   * `reason` were replaced by `erasureId` and "Pessoa excluída (LGPD)", so `contentHash` no longer
   * matches the content (it still identifies the record as signed).
   */
  erasure?: { erasureId: ObjectId; at: Date };
}

export const AUDIT_ACTIONS = [
  'FUNCTION_CREATED',
  'FUNCTION_UPDATED',
  'FUNCTION_ARCHIVED',
  'PERSON_ASSIGNED',
  'PERSON_UNASSIGNED',
  'DOCUMENT_CONTROLLED',
  'REVISION_PUBLISHED',
  'ASSESSMENT_SAVED',
  'ASSESSMENT_REMOVED',
  'AUTHORIZATION_SIGNED',
  'AUTHORIZATION_REVOKED',
  'CERTIFICATE_REVOKED',
  'DOSSIER_EXPORTED',
  'MATRIX_EXPORTED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One line of the audit trail: who did what, when, to what. */
export interface AuditEntryDocument {
  _id: ObjectId;
  at: Date;
  /** The laboratory the action concerns; null for the catalogue's (revisions, assessments). */
  accountId: ObjectId | null;
  actorId: ObjectId;
  actorName: string;
  actorRole: UserRole;
  action: AuditAction;
  /** VIDEO / CONTENT / FUNCTION / PERSON / RECORD / CERTIFICATE / EXPORT */
  targetType: string;
  targetId: ObjectId | null;
  summary: string;
}
