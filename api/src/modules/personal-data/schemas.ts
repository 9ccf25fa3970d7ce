import { Type } from 'typebox';
import { ITEM_TYPES } from '../catalogue/documents';
import { COMPLETION_METHODS, EXPORT_FORMATS } from '../competence/documents';
import { SIGNED_RECORD_KINDS } from '../authorizations/documents';
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
    competence: Type.Object(
      {
        assignments: Type.Array(
          Type.Object({ functionId: ObjectIdString, functionName: Type.String(), laboratoryAccountId: ObjectIdString, assignedAt: DateTime, active: Type.Boolean(), endedAt: NullableDate }),
          { description: 'Funções do laboratório atribuídas ao membro' },
        ),
        attempts: Type.Array(
          Type.Object({
            _id: ObjectIdString,
            itemType: Type.Enum([...ITEM_TYPES]),
            itemId: ObjectIdString,
            revision: Type.Union([Type.Integer(), Type.Null()]),
            number: Type.Integer({ minimum: 1 }),
            startedAt: DateTime,
            submittedAt: NullableDate,
            scorePercent: Type.Union([Type.Number(), Type.Null()]),
            passMarkPercent: Type.Number(),
            passed: Type.Union([Type.Boolean(), Type.Null()]),
          }),
          { description: 'Tentativas de avaliação (nota e resultado; o gabarito não vem)' },
        ),
        completions: Type.Array(
          Type.Object({
            itemType: Type.Enum([...ITEM_TYPES]),
            itemId: ObjectIdString,
            revision: Type.Union([Type.Integer(), Type.Null()]),
            completedAt: DateTime,
            method: Type.Enum([...COMPLETION_METHODS]),
            scorePercent: Type.Union([Type.Number(), Type.Null()]),
            supersededAt: NullableDate,
          }),
          { description: 'Conclusões de cada revisão de documento' },
        ),
        authorizations: Type.Array(
          Type.Object({
            _id: ObjectIdString,
            kind: Type.Enum([...SIGNED_RECORD_KINDS]),
            laboratoryAccountId: Type.Union([ObjectIdString, Type.Null()]),
            subjectName: Type.Union([Type.String(), Type.Null()], { description: 'O nome do membro; null num registro que ele assinou sobre outra pessoa' }),
            activity: Type.Union([Type.String(), Type.Null()]),
            reason: Type.String(),
            signerName: Type.String(),
            meaningText: Type.String(),
            signedAt: DateTime,
          }),
          { description: 'Registros assinados sobre o membro ou assinados por ele (autorizações, revogações)' },
        ),
        dossierExports: Type.Array(
          Type.Object({
            _id: ObjectIdString,
            format: Type.Enum([...EXPORT_FORMATS]),
            laboratoryName: Type.String(),
            subjectName: Type.String(),
            sha256: Type.String(),
            generatedAt: DateTime,
            generatedByName: Type.String(),
          }),
          { description: 'Arquivos do dossiê de competência gerados sobre o membro' },
        ),
      },
      { description: 'Dossiê de competência (funções, avaliações, conclusões, autorizações, arquivos do dossiê)' },
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
