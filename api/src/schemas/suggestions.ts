import { Type, type Static } from 'typebox';
import { SUGGESTION_STATUSES } from '../db/catalogue';
import { DateTime, ObjectIdString, PageQuery } from './common';

export const SuggestionSchema = Type.Object({
  _id: ObjectIdString,
  userId: ObjectIdString,
  user: Type.Union([Type.Object({ _id: ObjectIdString, name: Type.String(), email: Type.String() }), Type.Null()]),
  subject: Type.String(),
  message: Type.String(),
  status: Type.Enum([...SUGGESTION_STATUSES]),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type SuggestionResponse = Static<typeof SuggestionSchema>;

export const CreateSuggestionBody = Type.Object(
  {
    subject: Type.String({ minLength: 3, maxLength: 120, pattern: '\\S', description: 'Assunto' }),
    message: Type.String({ minLength: 10, maxLength: 2000, pattern: '\\S', description: 'Mensagem' }),
  },
  { additionalProperties: false },
);

export const SuggestionListQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(Type.Enum([...SUGGESTION_STATUSES])) },
  { additionalProperties: false },
);

export const UpdateSuggestionBody = Type.Object(
  { status: Type.Enum(['READ', 'DONE'], { description: 'NEW → READ → DONE' }) },
  { additionalProperties: false },
);
