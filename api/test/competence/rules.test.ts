import { grade } from '../../src/modules/assessments/rules/grading';
import { attemptQuestions, buildQuestions } from '../../src/modules/assessments/rules/quiz';
import type { CompletionDocument } from '../../src/modules/competence/documents';
import { addMonths, requirementStanding } from '../../src/modules/competence/rules/trail';
import { certificateStatus } from '../../src/modules/progress/rules/certificate-status';
import { ObjectId } from 'mongodb';
import { withoutNames } from '../../src/modules/authorizations/rules/erasure';

/** The pure rules of the competence dossier (issue 31): grading, standing of a requirement, a certificate's status. */
const QUESTIONS = buildQuestions([
  { kind: 'SINGLE', text: 'Pergunta A', options: [{ text: 'certa', correct: true }, { text: 'errada', correct: false }, { text: 'outra', correct: false }] },
  { kind: 'MULTIPLE', text: 'Pergunta B', options: [{ text: 'sim 1', correct: true }, { text: 'sim 2', correct: true }, { text: 'não', correct: false }] },
  { kind: 'SINGLE', text: 'Pergunta C', options: [{ text: 'x', correct: false }, { text: 'y', correct: true }] },
]);
const pick = (text: string) => QUESTIONS.flatMap((q) => q.options).find((o) => o.text === text)!.id;
const ANSWERS = [
  { questionId: QUESTIONS[0]!.id, optionIds: [pick('certa')] },
  { questionId: QUESTIONS[1]!.id, optionIds: [pick('sim 1')] }, // partial: wrong (no partial credit)
  { questionId: QUESTIONS[2]!.id, optionIds: [pick('y')] },
];

describe('Grading', () => {
  test('When the same answers are graded against every shuffled order of an attempt, then the score and the verdict are always the same', () => {
    const grades = Array.from({ length: 50 }, () => grade(attemptQuestions(QUESTIONS), [...ANSWERS].reverse(), 66));
    for (const result of grades) expect({ correct: result.correctCount, score: result.scorePercent, passed: result.passed }).toEqual({ correct: 2, score: 66.6, passed: true });
  });

  test('When 2 of 3 are right and the pass mark is 67 %, then it fails: the mark is compared without rounding', () => {
    expect(grade(QUESTIONS, ANSWERS, 67).passed).toBe(false);
    expect(grade(QUESTIONS, ANSWERS, 66).passed).toBe(true);
  });

  test('When a single-choice question has two correct options, then the quiz is refused in Portuguese', () => {
    expect(() => buildQuestions([{ kind: 'SINGLE', text: 'P', options: [{ text: 'a', correct: true }, { text: 'b', correct: true }] }])).toThrow(
      'A pergunta 1 é de escolha única: marque exatamente uma opção correta.',
    );
  });
});

describe('Standing of a requirement', () => {
  const completion = (completedAt: string, superseded = false): CompletionDocument => ({
    _id: new ObjectId(),
    userId: new ObjectId(),
    itemType: 'VIDEO',
    itemId: new ObjectId(),
    revision: 1,
    completedAt: new Date(completedAt),
    method: 'ASSESSMENT',
    attemptId: null,
    attemptNumber: 1,
    scorePercent: 100,
    passMarkPercent: 70,
    supersededAt: superseded ? new Date('2026-05-01T00:00:00Z') : null,
    supersededByRevision: superseded ? 2 : null,
  });
  const requirement = { itemType: 'VIDEO' as const, itemId: new ObjectId(), validityMonths: 12 };
  const context = (now: string) => ({ assignedAt: new Date('2026-01-01T00:00:00Z'), dueDays: 30, revisionDueAt: new Date('2026-05-16T00:00:00Z'), now: new Date(now) });

  test('When 31 Jan gets a month, then 28 Feb (the day clamped to the month)', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
  });

  test('When time passes over a 12-month qualification, then VALID, EXPIRING in its last 30 days, EXPIRED from its end', () => {
    const done = [completion('2026-03-10T12:00:00Z')];
    expect(requirementStanding(requirement, done, context('2026-06-01T00:00:00Z')).status).toBe('VALID');
    expect(requirementStanding(requirement, done, context('2027-02-20T00:00:00Z')).status).toBe('EXPIRING');
    const expired = requirementStanding(requirement, done, context('2027-03-10T12:00:00Z'));
    expect(expired).toMatchObject({ status: 'EXPIRED', overdue: true, validUntil: new Date('2027-03-10T12:00:00Z') });
  });

  test('When the only completion was superseded, then REVISION_DUE until the revision deadline; with none, PENDING from the assignment', () => {
    expect(requirementStanding(requirement, [completion('2026-03-10T12:00:00Z', true)], context('2026-05-10T00:00:00Z'))).toMatchObject({
      status: 'REVISION_DUE',
      dueAt: new Date('2026-05-16T00:00:00Z'),
      overdue: false,
    });
    expect(requirementStanding(requirement, [], context('2026-02-01T00:00:00Z'))).toMatchObject({ status: 'PENDING', dueAt: new Date('2026-01-31T00:00:00Z'), overdue: true });
  });
});

describe('Status of a certificate', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  test('When several apply, then Revogado beats Substituído, which beats Vencido', () => {
    const base = { revoked: false, revision: 3, currentRevision: 3, validUntil: new Date('2027-01-01T00:00:00Z') };
    expect(certificateStatus(base, now)).toBe('VALID');
    expect(certificateStatus({ ...base, validUntil: new Date('2026-05-01T00:00:00Z') }, now)).toBe('EXPIRED');
    expect(certificateStatus({ ...base, currentRevision: 4, validUntil: new Date('2026-05-01T00:00:00Z') }, now)).toBe('SUPERSEDED');
    expect(certificateStatus({ ...base, currentRevision: 4, revoked: true }, now)).toBe('REVOKED');
    expect(certificateStatus({ revoked: false, revision: null, currentRevision: null, validUntil: null }, now)).toBe('VALID');
  });
});

describe('LGPD erasure of a name in the records kept (authorizations/rules/erasure.ts)', () => {
  test('When a summary names the erased person, then every name they were known by becomes the replacement, the longer first, and other names stay', () => {
    const summary = 'Atribuiu a função "Coleta" a Ana Lima Souza; antes, Ana Lima revisou com Bruno Ana.';
    expect(withoutNames(summary, ['Ana Lima', 'Ana Lima Souza', ' ', 'Ana Lima'], 'Pessoa excluída (LGPD)')).toBe(
      'Atribuiu a função "Coleta" a Pessoa excluída (LGPD); antes, Pessoa excluída (LGPD) revisou com Bruno Ana.',
    );
    expect(withoutNames('Nada a trocar.', [], 'X')).toBe('Nada a trocar.');
  });
});
