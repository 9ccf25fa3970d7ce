import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { conflict, isDuplicateKeyError, notFound } from '../../http/app-error';
import type { ItemRef } from '../revisions/documents';
import { itemKey } from '../revisions/rules/revision';
import type { UserDocument } from '../users/documents';
import type { AnswerDocument, AssessmentDocument, AttemptDocument } from './documents';
import { checkAnswers, grade } from './rules/grading';
import { attemptQuestions, buildQuestions, type QuestionInput } from './rules/quiz';

export interface QuizInput {
  passMarkPercent: number;
  maxAttempts: number;
  /** Default true: a new order for each attempt. */
  shuffle?: boolean;
  questions: QuestionInput[];
}

/** What a member sees of an item's quiz before taking it: the rules and their own attempts, never the key. */
export interface AssessmentView {
  assessment: AssessmentDocument;
  /** The document revision in force (attempts count per revision). */
  revision: number | null;
  attempts: AttemptDocument[];
  /** Attempts taken since the last pass in the revision in force (an open one included). */
  attemptsUsed: number;
  open: AttemptDocument | null;
  /** Passed in the revision in force. */
  passed: boolean;
}

export interface SubmittedAttempt {
  attempt: AttemptDocument;
  /** The certificate the pass issued (videos), else null. */
  certificateCode: string | null;
}

export interface Assessments {
  /** The item's quiz with its key (the admin's editor); 404 when the item has none. */
  quiz(ref: ItemRef): Promise<AssessmentDocument>;
  view(user: UserDocument, ref: ItemRef): Promise<AssessmentView>;
  /** Starts an attempt (or resumes the open one): the item must be open to the caller and finished. */
  start(request: FastifyRequest, ref: ItemRef): Promise<AttemptDocument>;
  /** Grades the attempt on the server; a pass completes the item in the revision in force and issues the certificate. */
  submit(request: FastifyRequest, attemptId: ObjectId, answers: AnswerDocument[]): Promise<SubmittedAttempt>;
  save(admin: UserDocument, ref: ItemRef, input: QuizInput): Promise<AssessmentDocument>;
  remove(admin: UserDocument, ref: ItemRef): Promise<void>;
}

const assessmentNotFound = () => notFound('Este item não tem avaliação.', 'ASSESSMENT_NOT_FOUND');
export const attemptNotFound = () => notFound('Tentativa não encontrada.', 'ATTEMPT_NOT_FOUND');
const MAX_START_RACES = 3;

/** Attempts after the last passed one: each pass starts a new cycle (a re-evaluation is allowed). */
function sinceLastPass(attempts: AttemptDocument[]): AttemptDocument[] {
  const lastPass = attempts.map((attempt) => attempt.passed === true).lastIndexOf(true);
  return attempts.slice(lastPass + 1);
}

/**
 * Assessments (issue 31): the admin's quizzes; a member's attempts, graded only here. An attempt's
 * questions are shuffled once and kept; the key and the explanations leave the server only in the
 * answer to a submission.
 */
export default fp(
  async function assessmentsService(fastify: FastifyInstance) {
    const repository = fastify.assessmentsRepository;
    const now = () => fastify.clock.now();

    async function revisionInForce(ref: ItemRef): Promise<number | null> {
      const standing = (await fastify.revisions.standings([ref])).get(itemKey(ref));
      return standing?.current?.revision ?? null;
    }

    async function quizOf(ref: ItemRef): Promise<AssessmentDocument> {
      const assessment = await repository.findForItem(ref);
      if (!assessment) throw assessmentNotFound();
      return assessment;
    }

    const service: Assessments = {
      quiz: quizOf,

      async view(user, ref) {
        const assessment = await quizOf(ref);
        const revision = await revisionInForce(ref);
        const attempts = await repository.attemptsOf(user._id, ref, revision ?? -1);
        const cycle = sinceLastPass(attempts);
        return {
          assessment,
          revision,
          attempts,
          attemptsUsed: cycle.length,
          open: attempts.find((attempt) => attempt.submittedAt === null) ?? null,
          passed: attempts.some((attempt) => attempt.passed === true),
        };
      },

      async start(request, ref) {
        const user = request.user!;
        const assessment = await quizOf(ref);
        await fastify.revisions.openItem(request, ref);
        if (ref.itemType === 'VIDEO') {
          const [progress] = await fastify.progressRepository.findForVideos(user._id, [ref.itemId]);
          if (!progress?.finishedAt) throw conflict('Assista ao vídeo até o fim antes de fazer a avaliação.', 'ITEM_NOT_FINISHED');
        }
        for (let race = 0; race < MAX_START_RACES; race += 1) {
          const view = await service.view(user, ref);
          if (view.open) return view.open;
          if (view.attemptsUsed >= assessment.maxAttempts) {
            throw conflict(
              `Você já usou ${assessment.maxAttempts === 1 ? 'a única tentativa' : `as ${assessment.maxAttempts} tentativas`} desta avaliação nesta revisão do documento. Fale com o gestor do laboratório.`,
              'ATTEMPTS_EXHAUSTED',
            );
          }
          const attempt: AttemptDocument = {
            _id: new ObjectId(),
            assessmentId: assessment._id,
            assessmentVersion: assessment.version,
            userId: user._id,
            itemType: ref.itemType,
            itemId: ref.itemId,
            revision: view.revision,
            revisionKey: view.revision ?? -1,
            number: view.attempts.length + 1,
            questions: attemptQuestions(assessment.questions, undefined, assessment.shuffle ?? true),
            passMarkPercent: assessment.passMarkPercent,
            startedAt: now(),
            submittedAt: null,
            answers: null,
            correctCount: null,
            scorePercent: null,
            passed: null,
          };
          try {
            await repository.insertAttempt(attempt);
            return attempt;
          } catch (error) {
            if (!isDuplicateKeyError(error)) throw error; // another start took this number: look again
          }
        }
        throw conflict('Outra tentativa desta avaliação está começando agora. Tente novamente.', 'ATTEMPT_BUSY');
      },

      async submit(request, attemptId, answers) {
        const user = request.user!;
        const attempt = await repository.findAttempt(attemptId);
        if (!attempt || attempt.userId.toHexString() !== user._id.toHexString()) throw attemptNotFound();
        if (attempt.submittedAt) throw conflict('Esta tentativa já foi enviada.', 'ATTEMPT_ALREADY_SUBMITTED');
        const ref: ItemRef = { itemType: attempt.itemType, itemId: attempt.itemId };
        const item = await fastify.revisions.openItem(request, ref);
        if ((await revisionInForce(ref)) !== attempt.revision) {
          throw conflict('Uma nova revisão do documento foi publicada depois que esta tentativa começou: comece uma nova tentativa.', 'ATTEMPT_OUTDATED');
        }
        checkAnswers(attempt.questions, answers);
        const result = grade(attempt.questions, answers, attempt.passMarkPercent);
        const at = now();
        const previous = result.passed ? await fastify.completionsRepository.inForce(user._id, ref) : null;
        const submitted = await repository.submit(attempt._id, {
          answers,
          correctCount: result.correctCount,
          scorePercent: result.scorePercent,
          passed: result.passed,
          submittedAt: at,
        });
        if (!submitted) throw conflict('Esta tentativa já foi enviada.', 'ATTEMPT_ALREADY_SUBMITTED');
        if (!result.passed) return { attempt: submitted, certificateCode: null };

        await fastify.completionsRepository.insert({
          _id: new ObjectId(),
          userId: user._id,
          itemType: ref.itemType,
          itemId: ref.itemId,
          revision: attempt.revision,
          completedAt: at,
          method: 'ASSESSMENT',
          attemptId: attempt._id,
          attemptNumber: attempt.number,
          scorePercent: result.scorePercent,
          passMarkPercent: attempt.passMarkPercent,
          supersededAt: null,
          supersededByRevision: null,
        });
        if (ref.itemType !== 'VIDEO') return { attempt: submitted, certificateCode: null };
        const video = item as { _id: ObjectId; title: string; durationSeconds: number };
        const certificate = await fastify.certificates.issue(user, video, at, { reevaluation: previous?.revision === attempt.revision && previous !== null });
        return { attempt: submitted, certificateCode: certificate.code };
      },

      async save(admin, ref, input) {
        const item = await fastify.revisions.item(ref);
        if (!item) throw notFound('Item não encontrado no catálogo.', 'ITEM_NOT_FOUND');
        const at = now();
        const saved = await repository.save(
          ref,
          { passMarkPercent: input.passMarkPercent, maxAttempts: input.maxAttempts, shuffle: input.shuffle ?? true, questions: buildQuestions(input.questions) },
          at,
        );
        await fastify.auditRepository.append({
          at,
          accountId: null,
          actor: admin,
          action: 'ASSESSMENT_SAVED',
          target: { type: ref.itemType, id: ref.itemId },
          summary: `Salvou a avaliação de "${item.title}" (versão ${saved.version}): ${saved.questions.length} pergunta(s), nota mínima ${saved.passMarkPercent} %, ${saved.maxAttempts} tentativa(s)${saved.shuffle === false ? ', sem embaralhar' : ''}.`,
        });
        return saved;
      },

      async remove(admin, ref) {
        const item = await fastify.revisions.item(ref);
        if (!(await repository.remove(ref))) throw assessmentNotFound();
        await fastify.auditRepository.append({
          at: now(),
          accountId: null,
          actor: admin,
          action: 'ASSESSMENT_REMOVED',
          target: { type: ref.itemType, id: ref.itemId },
          summary: `Removeu a avaliação de "${item?.title ?? 'item removido'}": o item passa a ser concluído com "Li e compreendi".`,
        });
      },
    };
    fastify.decorate('assessments', service);
  },
  { name: 'assessments', dependencies: ['clock', 'assessments-repository', 'revisions', 'progress-repository', 'completions-repository', 'certificates-service', 'audit-repository'] },
);
