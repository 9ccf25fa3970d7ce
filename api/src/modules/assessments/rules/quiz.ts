import { randomInt } from 'node:crypto';
import { badRequest } from '../../../http/app-error';
import type { QuestionDocument, QuestionKind } from '../documents';

export interface QuestionInput {
  kind: QuestionKind;
  text: string;
  explanation?: string | null | undefined;
  options: { text: string; correct: boolean }[];
}

/** A short random id (questions and options are named by it in answers). */
const shortId = () => Array.from({ length: 8 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[randomInt(36)]).join('');

/**
 * The questions an admin sent, checked and given ids: a single-choice question has exactly one
 * correct option, a multiple-choice one at least one; no two options of a question alike.
 */
export function buildQuestions(inputs: QuestionInput[]): QuestionDocument[] {
  return inputs.map((input, index) => {
    const position = index + 1;
    const correct = input.options.filter((option) => option.correct).length;
    if (input.kind === 'SINGLE' && correct !== 1) {
      throw badRequest(`A pergunta ${position} é de escolha única: marque exatamente uma opção correta.`, 'INVALID_QUESTION');
    }
    if (input.kind === 'MULTIPLE' && correct < 1) {
      throw badRequest(`A pergunta ${position} é de múltipla escolha: marque ao menos uma opção correta.`, 'INVALID_QUESTION');
    }
    const texts = input.options.map((option) => option.text.trim().toLowerCase());
    if (new Set(texts).size !== texts.length) throw badRequest(`A pergunta ${position} tem opções repetidas.`, 'INVALID_QUESTION');
    const explanation = input.explanation?.trim() || null;
    return {
      id: shortId(),
      kind: input.kind,
      text: input.text.trim(),
      explanation,
      options: input.options.map((option) => ({ id: shortId(), text: option.text.trim(), correct: option.correct })),
    };
  });
}

/** Fisher–Yates with a cryptographic random source: the order an attempt shows. */
export function shuffled<T>(items: readonly T[], random: (max: number) => number = randomInt): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = random(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** The questions of a new attempt: questions and each question's options shuffled, unless the quiz keeps its order. */
export function attemptQuestions(questions: QuestionDocument[], random?: (max: number) => number, shuffle = true): QuestionDocument[] {
  if (!shuffle) return questions.map((question) => ({ ...question, options: [...question.options] }));
  return shuffled(questions, random).map((question) => ({ ...question, options: shuffled(question.options, random) }));
}
