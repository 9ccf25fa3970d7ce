import type { IndexDeclaration } from '../../store/indexes';

/** The collections only the authorizations module touches (signed-records- and audit-repository.ts). */
export const AUTHORIZATIONS_COLLECTIONS = { signedRecords: 'signedRecords', auditTrail: 'auditTrail' } as const;

const { signedRecords, auditTrail } = AUTHORIZATIONS_COLLECTIONS;

/**
 * A record is revoked at most once (`revokes` unique among the records that revoke), a certificate
 * revoked at most once; lists by laboratory and person, newest first.
 */
export const AUTHORIZATIONS_INDEXES: IndexDeclaration[] = [
  { collection: signedRecords, key: { revokes: 1 }, options: { unique: true, name: 'a_record_is_revoked_once', partialFilterExpression: { revoking: { $eq: true } } } },
  {
    collection: signedRecords,
    key: { certificateCode: 1 },
    options: { unique: true, name: 'a_certificate_is_revoked_once', partialFilterExpression: { kind: { $eq: 'CERTIFICATE_REVOCATION' } } },
  },
  { collection: signedRecords, key: { accountId: 1, subjectUserId: 1, 'signature.signedAt': -1 } },
  { collection: auditTrail, key: { accountId: 1, at: -1 } },
  { collection: auditTrail, key: { targetId: 1, at: -1 } },
];
