import { Type, type Static } from 'typebox';
import { DateTime, Nullable, ObjectIdString } from '../../http/schemas';
import { ITEM_TYPES } from '../catalogue/documents';
import { ITEM_SEGMENTS } from './documents';

/** `/…/videos/{id}` or `/…/contents/{id}`: a catalogue item in the competence routes. */
export const CatalogueItemParams = Type.Object(
  {
    kind: Type.Enum(Object.keys(ITEM_SEGMENTS) as (keyof typeof ITEM_SEGMENTS)[], { description: 'videos ou contents' }),
    itemId: ObjectIdString,
  },
  { additionalProperties: false },
);
export type CatalogueItemParamsType = Static<typeof CatalogueItemParams>;

export const ItemTypeSchema = Type.Enum([...ITEM_TYPES]);

/** "POP-COL-003 rev. 4", as every competence answer names a document. */
export const DocumentRefSchema = Type.Object(
  { documentCode: Type.String(), revision: Type.Integer(), effectiveDate: Type.String({ description: 'AAAA-MM-DD' }) },
  { description: 'A revisão do documento' },
);

export const RevisionSchema = Type.Object({
  id: ObjectIdString,
  itemType: ItemTypeSchema,
  itemId: ObjectIdString,
  itemTitle: Type.String(),
  documentCode: Type.String(),
  revision: Type.Integer(),
  label: Type.String({ description: '"POP-COL-003 rev. 4"' }),
  effectiveDate: Type.String({ description: 'AAAA-MM-DD' }),
  changeSummary: Type.String(),
  first: Type.Boolean({ description: 'A primeira registrada: colocou o item sob controle, não substituiu nada' }),
  retrainingDueAt: Nullable(DateTime),
  publishedAt: DateTime,
  publishedByName: Type.String(),
});

export const RevisionHistorySchema = Type.Object(
  { current: Nullable(RevisionSchema), history: Type.Array(RevisionSchema, { description: 'Da mais nova à primeira' }) },
  { description: 'As revisões do documento de um vídeo ou conteúdo' },
);

export const PublishRevisionBody = Type.Object(
  {
    documentCode: Type.String({ minLength: 2, maxLength: 40, pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9./ _-]*\\s*$', description: 'Código do documento, ex.: POP-COL-003' }),
    revision: Type.Integer({ minimum: 0, maximum: 9999 }),
    effectiveDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Vigente desde (AAAA-MM-DD)' }),
    changeSummary: Type.String({ minLength: 3, maxLength: 500, description: 'O que mudou' }),
    dueInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30, description: 'Prazo para a equipe refazer (dias)' })),
  },
  { additionalProperties: false },
);

export const RevisionImpactSchema = Type.Object(
  {
    people: Type.Integer({ description: 'Pessoas com uma função ativa que exige o item: ele volta a ser devido para elas' }),
    completionsInForce: Type.Integer({ description: 'Conclusões do item em vigor: passam a substituídas' }),
  },
  { description: 'O que uma nova revisão faria agora' },
);
