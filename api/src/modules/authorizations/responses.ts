import { recordContentJson } from './rules/signature';
import type { AuditEntryDocument, SignedRecordDocument } from './documents';

export function toSignedRecord(record: SignedRecordDocument, revokedBy: SignedRecordDocument | null = null) {
  const { signature } = record;
  return {
    ...recordContentJson(record),
    signature: {
      printedName: signature.printedName,
      meaning: signature.meaning,
      meaningText: signature.meaningText,
      signedAt: signature.signedAt.toISOString(),
      authTime: signature.authTime.toISOString(),
    },
    contentHash: record.contentHash,
    revokedBy: revokedBy
      ? {
          id: revokedBy._id.toHexString(),
          kind: revokedBy.kind,
          signedAt: revokedBy.signature.signedAt.toISOString(),
          printedName: revokedBy.signature.printedName,
          reason: revokedBy.reason,
        }
      : null,
  };
}

export const toAuditEntry = (entry: AuditEntryDocument) => ({
  id: entry._id.toHexString(),
  at: entry.at.toISOString(),
  actorName: entry.actorName,
  actorRole: entry.actorRole,
  action: entry.action,
  targetType: entry.targetType,
  summary: entry.summary,
});
