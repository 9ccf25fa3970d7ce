import { Type } from 'typebox';
import { DateTime, Nullable, ObjectIdString, PrintableText } from '../../http/schemas';
import { ITEM_TYPES } from '../catalogue/documents';
import { REQUIREMENT_STATUSES } from './documents';

const ItemTypeSchema = Type.Enum([...ITEM_TYPES]);

export const AccountParams = Type.Object({ accountId: ObjectIdString }, { additionalProperties: false });
export const FunctionParams = Type.Object({ accountId: ObjectIdString, functionId: ObjectIdString }, { additionalProperties: false });
export const AssigneeParams = Type.Object({ accountId: ObjectIdString, functionId: ObjectIdString, userId: ObjectIdString }, { additionalProperties: false });

export const FunctionBody = Type.Object(
  {
    name: PrintableText(120, { minLength: 3, description: 'ex.: Técnico de coleta' }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    requirements: Type.Array(
      Type.Object(
        {
          itemType: ItemTypeSchema,
          itemId: ObjectIdString,
          validityMonths: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 120, description: 'Meses que a qualificação vale; null: não vence' }))),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    dueDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30, description: 'Prazo (dias) para quem recebe a função concluir cada requisito' })),
  },
  { additionalProperties: false },
);

export const FunctionSchema = Type.Object({
  id: ObjectIdString,
  accountId: ObjectIdString,
  name: Type.String(),
  description: Type.String(),
  dueDays: Type.Integer(),
  requirements: Type.Array(
    Type.Object({ itemType: ItemTypeSchema, itemId: ObjectIdString, title: Type.String(), validityMonths: Nullable(Type.Integer()) }),
  ),
  people: Type.Array(Type.Object({ userId: ObjectIdString, name: Type.String(), assignedAt: DateTime })),
  createdAt: DateTime,
});

export const FunctionListSchema = Type.Object({ data: Type.Array(FunctionSchema) }, { description: 'As funções do laboratório, por nome' });

export const TrailSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object({
        functionId: ObjectIdString,
        functionName: Type.String(),
        itemType: ItemTypeSchema,
        itemId: ObjectIdString,
        title: Type.String(),
        document: Nullable(Type.String({ description: 'A revisão em vigor, ex.: POP-COL-003 rev. 4' })),
        status: Type.Enum([...REQUIREMENT_STATUSES], {
          description: 'VALID em dia; EXPIRING vence em até 30 dias; EXPIRED vencida; REVISION_DUE nova revisão do documento; PENDING a fazer',
        }),
        completedAt: Nullable(DateTime),
        completedRevision: Nullable(Type.Integer()),
        scorePercent: Nullable(Type.Number()),
        validUntil: Nullable(DateTime),
        dueAt: Nullable(DateTime),
        overdue: Type.Boolean(),
      }),
    ),
  },
  { description: 'Minha trilha: o que cada função exige de mim e onde estou' },
);

export const PersonParams = Type.Object({ accountId: ObjectIdString, userId: ObjectIdString }, { additionalProperties: false });
export const ExportParams = Type.Object({ exportId: ObjectIdString }, { additionalProperties: false });

export const ExportSchema = Type.Object(
  {
    id: ObjectIdString,
    format: Type.Enum(['PDF', 'CSV']),
    laboratoryName: Type.String(),
    subjectName: Type.String(),
    sha256: Type.String({ description: 'SHA-256 (hex) do CSV destes dados: o mesmo impresso no PDF' }),
    generatedAt: DateTime,
    generatedByName: Type.String(),
  },
  { description: 'Um dossiê entregue: quem gerou, quando e com qual SHA-256 (nunca e-mail)' },
);

export const MatrixSchema = Type.Object(
  {
    percentInOrder: Nullable(Type.Number({ description: 'Requisitos em dia ÷ requisitos exigidos, em %; null sem requisitos' })),
    people: Type.Array(
      Type.Object({
        userId: ObjectIdString,
        name: Type.String(),
        required: Type.Integer(),
        inOrder: Type.Integer(),
        percentInOrder: Nullable(Type.Number()),
        cells: TrailSchema.properties.data,
      }),
    ),
  },
  { description: 'A matriz do laboratório: pessoas × requisitos das suas funções, com a situação de cada um' },
);
