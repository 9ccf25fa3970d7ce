import * as z from 'zod/mini';
import type { Quiz, QuizBody } from './api/quiz';

export const MAX_QUESTIONS = 100;
export const MAX_OPTIONS = 10;
export const MAX_ATTEMPTS = 20;

/** A whole number from `min` to `max` typed in a text field (kept as text; the body converts it). */
export const wholeNumber = (min: number, max: number, message: string) =>
  z.string().check(z.trim(), z.refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, message));

const optionShape = z.object({
  text: z.string().check(z.trim(), z.minLength(1, 'Escreva o texto da opção.'), z.maxLength(500, 'Use até 500 caracteres.')),
  correct: z.boolean(),
});

const questionShape = z.object({
  kind: z.enum(['SINGLE', 'MULTIPLE']),
  text: z.string().check(z.trim(), z.minLength(3, 'Escreva a pergunta (ao menos 3 caracteres).'), z.maxLength(1000, 'Use até 1.000 caracteres.')),
  explanation: z.string().check(z.trim(), z.maxLength(2000, 'Use até 2.000 caracteres.')),
  options: z.array(optionShape).check(z.maxLength(MAX_OPTIONS, `No máximo ${MAX_OPTIONS} opções por pergunta.`)),
});

type QuestionRules = z.infer<typeof questionShape>;

/**
 * The quiz editor's values, checked as the API checks them (`api/src/modules/assessments/schemas.ts`
 * and `rules/quiz.ts`), with the message next to the field: a question has at least 2 options and
 * at least one correct; a single-choice question exactly one.
 */
export const quizSchema = z
  .object({
    passMarkPercent: wholeNumber(1, 100, 'A nota mínima vai de 1 a 100 (%).'),
    maxAttempts: wholeNumber(1, MAX_ATTEMPTS, `Tentativas: use um número inteiro de 1 a ${MAX_ATTEMPTS}.`),
    shuffle: z.boolean(),
    questions: z
      .array(questionShape)
      .check(z.minLength(1, 'Adicione ao menos uma pergunta.'), z.maxLength(MAX_QUESTIONS, `No máximo ${MAX_QUESTIONS} perguntas.`)),
  })
  .check(
    z.superRefine<{ questions: QuestionRules[] }>((values, ctx) => {
      values.questions.forEach((question, index) => {
        const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['questions', index, 'options'], message, input: values });
        const correct = question.options.filter((option) => option.correct).length;
        const texts = question.options.map((option) => option.text.trim().toLowerCase());
        if (question.options.length < 2) issue('Uma pergunta precisa de ao menos 2 opções.');
        else if (new Set(texts).size !== texts.length) issue('Há opções repetidas nesta pergunta.');
        else if (correct === 0) issue(question.kind === 'SINGLE' ? 'Marque a opção correta.' : 'Marque ao menos uma opção correta.');
        else if (question.kind === 'SINGLE' && correct > 1) issue('Escolha única: marque exatamente uma opção correta (ou mude para múltipla escolha).');
      });
    }),
  );
export type QuizValues = z.input<typeof quizSchema>;
export type QuestionValues = QuizValues['questions'][number];

export const emptyQuestion = (): QuestionValues => ({
  kind: 'SINGLE',
  text: '',
  explanation: '',
  options: [
    { text: '', correct: false },
    { text: '', correct: false },
  ],
});

/** The editor's values for the quiz the API has (or a new quiz: 70 %, 3 attempts, shuffled, one empty question). */
export function quizValues(quiz: Quiz | null): QuizValues {
  if (!quiz) return { passMarkPercent: '70', maxAttempts: '3', shuffle: true, questions: [emptyQuestion()] };
  return {
    passMarkPercent: String(quiz.passMarkPercent),
    maxAttempts: String(quiz.maxAttempts),
    shuffle: quiz.shuffle,
    questions: quiz.questions.map((question) => ({
      kind: question.kind,
      text: question.text,
      explanation: question.explanation ?? '',
      options: question.options.map((option) => ({ text: option.text, correct: option.correct })),
    })),
  };
}

/** What `PUT /v1/assessments/{kind}/{id}` takes: numbers, and no explanation when it is blank. */
export function quizBody(values: z.output<typeof quizSchema>): QuizBody {
  return {
    passMarkPercent: Number(values.passMarkPercent),
    maxAttempts: Number(values.maxAttempts),
    shuffle: values.shuffle,
    questions: values.questions.map((question) => ({
      kind: question.kind,
      text: question.text,
      explanation: question.explanation || null,
      options: question.options.map((option) => ({ text: option.text, correct: option.correct })),
    })),
  };
}
