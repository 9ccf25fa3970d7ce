import type { AssessmentDocument, AttemptDocument } from './documents';
import type { AssessmentView } from './assessments-service';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function attemptSummary(attempt: AttemptDocument) {
  return {
    id: attempt._id.toHexString(),
    number: attempt.number,
    revision: attempt.revision,
    passMarkPercent: attempt.passMarkPercent,
    startedAt: attempt.startedAt.toISOString(),
    submittedAt: iso(attempt.submittedAt),
    scorePercent: attempt.scorePercent,
    correctCount: attempt.correctCount,
    questionCount: attempt.questions.length,
    passed: attempt.passed,
  };
}

/** An open attempt: only ids and texts — the key (`correct`) and the explanations stay on the server. */
export function toOpenAttempt(attempt: AttemptDocument) {
  return {
    ...attemptSummary(attempt),
    questions: attempt.questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      text: question.text,
      options: question.options.map((option) => ({ id: option.id, text: option.text })),
    })),
  };
}

/** A submitted attempt: now the key, the explanations and what was chosen. */
export function toGradedAttempt(attempt: AttemptDocument, certificateCode: string | null) {
  const chosen = new Map((attempt.answers ?? []).map((answer) => [answer.questionId, new Set(answer.optionIds)]));
  return {
    ...attemptSummary(attempt),
    certificateCode,
    questions: attempt.questions.map((question) => {
      const picked = chosen.get(question.id) ?? new Set<string>();
      const options = question.options.map((option) => ({ id: option.id, text: option.text, correct: option.correct, chosen: picked.has(option.id) }));
      return {
        id: question.id,
        kind: question.kind,
        text: question.text,
        explanation: question.explanation,
        options,
        right: options.every((option) => option.correct === option.chosen),
      };
    }),
  };
}

export function toAssessmentView(view: AssessmentView) {
  const { assessment } = view;
  return {
    itemType: assessment.itemType,
    itemId: assessment.itemId.toHexString(),
    questionCount: assessment.questions.length,
    passMarkPercent: assessment.passMarkPercent,
    maxAttempts: assessment.maxAttempts,
    revision: view.revision,
    attemptsUsed: view.attemptsUsed,
    attemptsLeft: Math.max(0, assessment.maxAttempts - view.attemptsUsed),
    passed: view.passed,
    openAttemptId: view.open ? view.open._id.toHexString() : null,
    attempts: view.attempts.map(attemptSummary),
  };
}

export function toQuiz(assessment: AssessmentDocument) {
  return {
    itemType: assessment.itemType,
    itemId: assessment.itemId.toHexString(),
    passMarkPercent: assessment.passMarkPercent,
    maxAttempts: assessment.maxAttempts,
    shuffle: assessment.shuffle ?? true,
    version: assessment.version,
    questions: assessment.questions,
  };
}
