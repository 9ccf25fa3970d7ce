import { Type, type Static } from 'typebox';
import { DateTime, Nullable, ObjectIdString, PageQuery } from '../../http/schemas';

export const EmailPreferencesSchema = Type.Object(
  {
    reminders: Type.Boolean({ description: 'Lembretes (PIX a vencer, dossiê): podem ser desligados' }),
    news: Type.Boolean({ description: 'Novidades (certificado emitido): podem ser desligadas' }),
  },
  { additionalProperties: false, description: 'E-mails sobre dinheiro e acesso sempre são enviados' },
);
export type EmailPreferencesBody = Static<typeof EmailPreferencesSchema>;

const EmailState = Type.Union([Type.Literal('PENDING'), Type.Literal('RUNNING'), Type.Literal('DONE'), Type.Literal('DEAD')], {
  description: 'PENDING: na fila; RUNNING: enviando; DONE: enviado (ou não enviado por preferência); DEAD: falhou de vez',
});

export const AdminEmailSchema = Type.Object({
  _id: ObjectIdString,
  to: Type.String(),
  template: Type.String(),
  subject: Nullable(Type.String()),
  state: EmailState,
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  messageId: Nullable(Type.String()),
  skipped: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
  nextAttemptAt: Nullable(DateTime),
});
export type AdminEmail = Static<typeof AdminEmailSchema>;

export const AdminEmailQuery = Type.Object(
  { ...PageQuery, state: Type.Optional(EmailState) },
  { additionalProperties: false },
);
