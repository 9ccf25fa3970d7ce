import { Type } from 'typebox';
import { ITEM_TYPES } from '../catalogue/documents';
import { SUGGESTION_STATUSES } from '../suggestions/documents';
import { DateTime, ObjectIdString } from '../../http/schemas';
import { InvoiceSchema, SubscriptionSchema } from '../billing/schemas';
import { UnlockSchema } from '../entitlements/schemas';
import { LaboratorySchema, UserSchema } from '../users/schemas';

const NullableDate = Type.Union([DateTime, Type.Null()]);

/** GET /me/export: everything the club holds about the member, as a JSON file. */
export const PersonalDataExportSchema = Type.Object(
  {
    exportedAt: DateTime,
    profile: UserSchema,
    laboratory: Type.Union([LaboratorySchema, Type.Null()]),
    subscriptions: Type.Array(SubscriptionSchema),
    invoices: Type.Array(InvoiceSchema),
    unlocks: Type.Array(UnlockSchema),
    progress: Type.Array(
      Type.Object({ videoId: ObjectIdString, watchedSeconds: Type.Number(), finishedAt: NullableDate }),
    ),
    suggestions: Type.Array(
      Type.Object({
        _id: ObjectIdString,
        subject: Type.String(),
        message: Type.String(),
        status: Type.Enum([...SUGGESTION_STATUSES]),
        votes: Type.Integer(),
        answer: Type.Union([Type.Object({ itemType: Type.Enum([...ITEM_TYPES]), itemId: ObjectIdString }), Type.Null()]),
        createdAt: DateTime,
      }),
    ),
    votes: Type.Array(Type.Object({ suggestionId: ObjectIdString, createdAt: DateTime })),
    certificates: Type.Array(
      Type.Object({
        code: Type.String(),
        version: Type.Integer({ minimum: 1 }),
        videoId: ObjectIdString,
        holderName: Type.String(),
        videoTitle: Type.String(),
        hours: Type.Number(),
        completedAt: DateTime,
        issuedAt: DateTime,
        laboratory: Type.Union([Type.Object({ name: Type.String(), cnpj: Type.String() }), Type.Null()]),
        current: Type.Boolean(),
      }),
      { description: 'Certificados de conclusão, todas as versões (cada uma traz o nome com que foi emitida)' },
    ),
  },
  { description: 'Dados pessoais do membro (LGPD, art. 18)' },
);

export const DeleteAccountBody = Type.Object(
  {
    confirmation: Type.Literal('EXCLUIR', { description: 'A palavra EXCLUIR, digitada pelo membro para confirmar' }),
  },
  { additionalProperties: false },
);
