import { createHash } from 'node:crypto';
import { forbidden } from '../../../http/app-error';
import type { SignedRecordDocument } from '../documents';

/** How recent the signer's password must be: the page asks for it again (Firebase re-authentication) right before signing. */
export const SIGNATURE_REAUTH_MINUTES = 5;

/**
 * The token's `auth_time` (seconds since 1970) must be at most 5 minutes before `now`: the person
 * typed their password again just now, as 21 CFR 11.200 asks of a signature outside a continuous
 * session. Throws the 403 the manager reads.
 */
export function checkRecentAuthentication(authTime: number | undefined, now: Date): Date {
  const at = authTime === undefined ? null : new Date(authTime * 1000);
  if (!at || now.getTime() - at.getTime() > SIGNATURE_REAUTH_MINUTES * 60_000) {
    throw forbidden(
      `Para assinar, confirme sua senha de novo: a assinatura eletrônica exige que a senha tenha sido digitada há no máximo ${SIGNATURE_REAUTH_MINUTES} minutos.`,
      'REAUTHENTICATION_REQUIRED',
    );
  }
  return at;
}

/** What a record says (not who signed it) as JSON carries it — ids and dates as strings: the hash and the answers use the same. */
export function recordContentJson(record: Omit<SignedRecordDocument, 'contentHash'>) {
  return {
    id: record._id.toHexString(),
    kind: record.kind,
    subjectUserId: record.subjectUserId?.toHexString() ?? null,
    subjectName: record.subjectName,
    activity: record.activity,
    requiredItems: record.requiredItems.map((item) => ({ ...item, itemId: item.itemId.toHexString(), completedAt: item.completedAt.toISOString() })),
    reason: record.reason,
    revokes: record.revokes?.toHexString() ?? null,
  };
}

/**
 * SHA-256 (hex) of what was signed and the signature manifest: changing the record or moving the
 * signature to another record no longer matches (21 CFR 11.70).
 */
export function recordHash(record: Omit<SignedRecordDocument, 'contentHash'>): string {
  const { signature } = record;
  const canonical = {
    ...recordContentJson(record),
    accountId: record.accountId?.toHexString() ?? null,
    certificateCode: record.certificateCode,
    signature: { ...signature, signerId: signature.signerId.toHexString(), signedAt: signature.signedAt.toISOString(), authTime: signature.authTime.toISOString() },
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
