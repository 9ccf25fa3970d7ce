import { Type } from 'typebox';
import { DateTime, Nullable, ObjectIdString, PageQuery, PrintableText, paginated } from '../../http/schemas';
import { ITEM_TYPES } from '../catalogue/documents';
import { SIGNATURE_MEANINGS, SIGNED_RECORD_KINDS } from './documents';

export const AccountParams = Type.Object({ accountId: ObjectIdString }, { additionalProperties: false });
export const RecordParams = Type.Object({ recordId: ObjectIdString }, { additionalProperties: false });
export const RecordsQuery = Type.Object({ userId: Type.Optional(ObjectIdString) }, { additionalProperties: false });
export const AuditQuery = Type.Object(PageQuery, { additionalProperties: false });

export const AuthorizationBody = Type.Object(
  {
    userId: ObjectIdString,
    activity: PrintableText(200, { minLength: 3, description: 'Para o que a pessoa fica autorizada, ex.: Coleta de sangue venoso' }),
    meaning: Type.Enum(['AUTHORIZE', 'REVIEW_APPROVE'], { description: 'AUTHORIZE: "Autorizo"; REVIEW_APPROVE: "Revisei e aprovo"' }),
    requiredItems: Type.Optional(
      Type.Array(Type.Object({ itemType: Type.Enum([...ITEM_TYPES]), itemId: ObjectIdString }, { additionalProperties: false }), {
        maxItems: 50,
        description: 'Itens que a pessoa precisa ter concluído (na revisão em vigor) antes',
      }),
    ),
    reason: Type.Optional(Type.String({ maxLength: 1000 })),
    replaces: Type.Optional(ObjectIdString),
  },
  { additionalProperties: false },
);

export const RevocationBody = Type.Object({ reason: PrintableText(1000, { minLength: 3, description: 'Por que a autorização é revogada' }) }, { additionalProperties: false });

export const SignedRecordSchema = Type.Object({
  id: ObjectIdString,
  kind: Type.Enum([...SIGNED_RECORD_KINDS]),
  subjectUserId: Nullable(ObjectIdString),
  subjectName: Nullable(Type.String()),
  activity: Nullable(Type.String()),
  requiredItems: Type.Array(
    Type.Object({
      itemType: Type.Enum([...ITEM_TYPES]),
      itemId: ObjectIdString,
      title: Type.String(),
      documentCode: Nullable(Type.String()),
      revision: Nullable(Type.Integer()),
      completedAt: DateTime,
      scorePercent: Nullable(Type.Number()),
    }),
  ),
  reason: Type.String(),
  revokes: Nullable(ObjectIdString),
  signature: Type.Object({
    printedName: Type.String({ description: 'Nome de quem assinou, como impresso no registro' }),
    meaning: Type.Enum([...SIGNATURE_MEANINGS]),
    meaningText: Type.String({ description: 'Autorizo, Revisei e aprovo ou Revogo' }),
    signedAt: DateTime,
    authTime: DateTime,
  }),
  contentHash: Type.String({ description: 'SHA-256 do conteúdo e da assinatura' }),
  revokedBy: Nullable(Type.Object({ id: ObjectIdString, kind: Type.Enum([...SIGNED_RECORD_KINDS]), signedAt: DateTime, printedName: Type.String(), reason: Type.String() })),
});

export const SignedRecordListSchema = Type.Object({ data: Type.Array(SignedRecordSchema) }, { description: 'Os registros assinados do laboratório, os mais novos primeiro' });

export const AuditPageSchema = paginated(
  Type.Object({
    id: ObjectIdString,
    at: DateTime,
    actorName: Type.String(),
    actorRole: Type.String(),
    action: Type.String(),
    targetType: Type.String(),
    summary: Type.String(),
  }),
);

export const CertificateParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false });
