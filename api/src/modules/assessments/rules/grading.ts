import { badRequest } from '../../../http/app-error';
import type { AnswerDocument, QuestionDocument } from '../documents';

export interface Grade {
  correctCount: number;
  questionCount: number;
  /** Percent of questions right, one decimal (rounded down: 2 of 3 is 66.6). */
  scorePercent: number;
  passed: boolean;
  /** Per question: right or not. */
  results: Map<string, boolean>;
}

/**
 * Grades answers against the key: a question is right when the options chosen are exactly its
 * correct options (a multiple-choice question has no partial credit). Passed when the share of
 * right questions reaches the pass mark, compared in integers (no rounding decides it). The same
 * answers always give the same grade, whatever order the attempt showed.
 */
export function grade(questions: QuestionDocument[], answers: AnswerDocument[], passMarkPercent: number): Grade {
  const chosen = new Map(answers.map((answer) => [answer.questionId, new Set(answer.optionIds)]));
  const results = new Map<string, boolean>();
  for (const question of questions) {
    const picked = chosen.get(question.id) ?? new Set<string>();
    const correct = question.options.filter((option) => option.correct).map((option) => option.id);
    results.set(question.id, picked.size === correct.length && correct.every((id) => picked.has(id)));
  }
  const correctCount = [...results.values()].filter(Boolean).length;
  const questionCount = questions.length;
  return {
    correctCount,
    questionCount,
    scorePercent: questionCount ? Math.floor((correctCount * 1000) / questionCount) / 10 : 0,
    passed: correctCount * 100 >= passMarkPercent * questionCount,
    results,
  };
}

/**
 * The answers must be to this attempt's questions, each once, every question answered, options of
 * that question only, exactly one on a single-choice question. Throws the 400 the member reads.
 */
export function checkAnswers(questions: QuestionDocument[], answers: AnswerDocument[]): void {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const seen = new Set<string>();
  for (const answer of answers) {
    const question = byId.get(answer.questionId);
    if (!question) throw badRequest('Uma das respostas é de uma pergunta que não está nesta tentativa.', 'INVALID_ANSWER');
    if (seen.has(answer.questionId)) throw badRequest('Cada pergunta recebe uma resposta só.', 'INVALID_ANSWER');
    seen.add(answer.questionId);
    const position = questions.indexOf(question) + 1;
    const optionIds = new Set(question.options.map((option) => option.id));
    if (answer.optionIds.some((id) => !optionIds.has(id)) || new Set(answer.optionIds).size !== answer.optionIds.length) {
      throw badRequest(`A resposta da pergunta ${position} tem opções que não são dela.`, 'INVALID_ANSWER');
    }
    if (answer.optionIds.length === 0) throw badRequest(`Responda a pergunta ${position}.`, 'UNANSWERED_QUESTION');
    if (question.kind === 'SINGLE' && answer.optionIds.length !== 1) {
      throw badRequest(`A pergunta ${position} aceita uma opção só.`, 'INVALID_ANSWER');
    }
  }
  const missing = questions.findIndex((question) => !seen.has(question.id));
  if (missing >= 0) throw badRequest(`Responda a pergunta ${missing + 1} antes de enviar.`, 'UNANSWERED_QUESTION');
}
