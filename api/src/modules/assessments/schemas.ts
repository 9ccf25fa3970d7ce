import { Type, type Static } from 'typebox';
import { DateTime, Nullable, ObjectIdString, PrintableText } from '../../http/schemas';
import { QUESTION_KINDS } from './documents';

const QuestionKindSchema = Type.Enum([...QUESTION_KINDS], { description: 'SINGLE: escolha única; MULTIPLE: múltipla escolha' });
const ShortId = Type.String({ pattern: '^[0-9a-z]{8}$' });

export const AttemptParams = Type.Object({ attemptId: ObjectIdString }, { additionalProperties: false });

/** A question as an attempt shows it before submission: no key, no explanation. */
const OpenQuestionSchema = Type.Object({
  id: ShortId,
  kind: QuestionKindSchema,
  text: Type.String(),
  options: Type.Array(Type.Object({ id: ShortId, text: Type.String() })),
});

/** After submission: the key, the explanation, what the person chose and whether it was right. */
const GradedQuestionSchema = Type.Object({
  id: ShortId,
  kind: QuestionKindSchema,
  text: Type.String(),
  explanation: Nullable(Type.String()),
  options: Type.Array(Type.Object({ id: ShortId, text: Type.String(), correct: Type.Boolean(), chosen: Type.Boolean() })),
  right: Type.Boolean(),
});

const AttemptSummary = {
  id: ObjectIdString,
  number: Type.Integer({ description: '1, 2, … nesta revisão do documento' }),
  revision: Nullable(Type.Integer({ description: 'A revisão do documento em vigor quando a tentativa começou' })),
  passMarkPercent: Type.Integer(),
  startedAt: DateTime,
  submittedAt: Nullable(DateTime),
  scorePercent: Nullable(Type.Number()),
  correctCount: Nullable(Type.Integer()),
  questionCount: Type.Integer(),
  passed: Nullable(Type.Boolean()),
};

export const AttemptSummarySchema = Type.Object(AttemptSummary);

export const OpenAttemptSchema = Type.Object(
  { ...AttemptSummary, questions: Type.Array(OpenQuestionSchema) },
  { description: 'Uma tentativa aberta: as perguntas e opções embaralhadas, sem o gabarito' },
);

export const GradedAttemptSchema = Type.Object(
  { ...AttemptSummary, questions: Type.Array(GradedQuestionSchema), certificateCode: Nullable(Type.String()) },
  { description: 'A tentativa corrigida no servidor: nota, gabarito e explicações; o certificado, quando a aprovação o emitiu' },
);

export const AssessmentViewSchema = Type.Object(
  {
    itemType: Type.Enum(['VIDEO', 'CONTENT']),
    itemId: ObjectIdString,
    questionCount: Type.Integer(),
    passMarkPercent: Type.Integer(),
    maxAttempts: Type.Integer(),
    revision: Nullable(Type.Integer()),
    attemptsUsed: Type.Integer({ description: 'Tentativas usadas desde a última aprovação nesta revisão' }),
    attemptsLeft: Type.Integer(),
    passed: Type.Boolean(),
    openAttemptId: Nullable(ObjectIdString),
    attempts: Type.Array(AttemptSummarySchema, { description: 'As tentativas de quem pergunta nesta revisão, a primeira primeiro' }),
  },
  { description: 'A avaliação de um item: as regras e as tentativas de quem pergunta — nunca o gabarito' },
);

export const SubmissionBody = Type.Object(
  {
    answers: Type.Array(
      Type.Object({ questionId: ShortId, optionIds: Type.Array(ShortId, { maxItems: 20 }) }, { additionalProperties: false }),
      { maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);

export const QuizBody = Type.Object(
  {
    passMarkPercent: Type.Integer({ minimum: 1, maximum: 100, description: 'Nota mínima (%)' }),
    maxAttempts: Type.Integer({ minimum: 1, maximum: 20, description: 'Tentativas por revisão do documento' }),
    shuffle: Type.Optional(Type.Boolean({ description: 'Embaralhar perguntas e opções em cada tentativa (padrão: true)' })),
    questions: Type.Array(
      Type.Object(
        {
          kind: QuestionKindSchema,
          text: PrintableText(1000, { minLength: 3 }),
          explanation: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
          options: Type.Array(Type.Object({ text: PrintableText(500, { minLength: 1 }), correct: Type.Boolean() }, { additionalProperties: false }), {
            minItems: 2,
            maxItems: 10,
          }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
export type QuizBodyType = Static<typeof QuizBody>;

export const QuizSchema = Type.Object(
  {
    itemType: Type.Enum(['VIDEO', 'CONTENT']),
    itemId: ObjectIdString,
    passMarkPercent: Type.Integer(),
    maxAttempts: Type.Integer(),
    shuffle: Type.Boolean({ description: 'Perguntas e opções em nova ordem a cada tentativa' }),
    version: Type.Integer(),
    questions: Type.Array(
      Type.Object({
        id: ShortId,
        kind: QuestionKindSchema,
        text: Type.String(),
        explanation: Nullable(Type.String()),
        options: Type.Array(Type.Object({ id: ShortId, text: Type.String(), correct: Type.Boolean() })),
      }),
    ),
  },
  { description: 'A avaliação com o gabarito (admin)' },
);
