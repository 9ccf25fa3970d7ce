import { Type, type Static } from 'typebox';
import { ITEM_TYPES } from '../catalogue/documents';
import { SUGGESTION_STATUSES } from './documents';
import { DateTime, ObjectIdString, PageQuery } from '../../http/schemas';

/** The content or video that answered a suggestion; `title`/`slug` null when it is gone or (for members) not published. */
export const SuggestionAnswerSchema = Type.Union([
  Type.Object({
    itemType: Type.Enum([...ITEM_TYPES]),
    itemId: ObjectIdString,
    title: Type.Union([Type.String(), Type.Null()]),
    slug: Type.Union([Type.String(), Type.Null()]),
  }),
  Type.Null(),
]);

export const SuggestionSchema = Type.Object({
  _id: ObjectIdString,
  userId: ObjectIdString,
  user: Type.Union([Type.Object({ _id: ObjectIdString, name: Type.String(), email: Type.String() }), Type.Null()]),
  subject: Type.String(),
  message: Type.String(),
  status: Type.Enum([...SUGGESTION_STATUSES]),
  votes: Type.Integer(),
  answer: SuggestionAnswerSchema,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type SuggestionResponse = Static<typeof SuggestionSchema>;

/** What members see of a suggestion: never who wrote it (only whether it is theirs). */
export const MemberSuggestionSchema = Type.Object({
  _id: ObjectIdString,
  subject: Type.String(),
  message: Type.String(),
  status: Type.Enum([...SUGGESTION_STATUSES], { description: 'NEW: Nova · READ: Em análise · DONE: Publicada' }),
  votes: Type.Integer(),
  votedByMe: Type.Boolean(),
  mine: Type.Boolean(),
  answer: SuggestionAnswerSchema,
  createdAt: DateTime,
});
export type MemberSuggestionResponse = Static<typeof MemberSuggestionSchema>;

export const VoteResponse = Type.Object({ counted: Type.Boolean({ description: 'false: o voto deste membro já existia' }), suggestion: MemberSuggestionSchema });

export const CreateSuggestionBody = Type.Object(
  {
    subject: Type.String({ minLength: 3, maxLength: 120, pattern: '\\S', description: 'Assunto' }),
    message: Type.String({ minLength: 10, maxLength: 2000, pattern: '\\S', description: 'Mensagem' }),
  },
  { additionalProperties: false },
);

export const SuggestionListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(Type.Enum([...SUGGESTION_STATUSES])),
    sort: Type.Optional(Type.Enum(['recent', 'votes'], { default: 'recent', description: 'recent: mais novas primeiro; votes: mais votadas' })),
  },
  { additionalProperties: false },
);

export const MemberSuggestionListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

export const UpdateSuggestionBody = Type.Object(
  {
    status: Type.Optional(Type.Enum(['READ', 'DONE'], { description: 'NEW → READ → DONE' })),
    answer: Type.Optional(
      Type.Union(
        [
          Type.Object({ itemType: Type.Enum([...ITEM_TYPES]), itemId: ObjectIdString }, { additionalProperties: false }),
          Type.Null(),
        ],
        { description: 'O conteúdo ou vídeo que respondeu à sugestão (null desfaz o vínculo)' },
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
