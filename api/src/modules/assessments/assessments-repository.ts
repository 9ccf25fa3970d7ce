import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import type { ItemRef } from '../revisions/documents';
import { ASSESSMENTS_COLLECTIONS } from './collections';
import type { AnswerDocument, AssessmentDocument, AttemptDocument } from './documents';

export interface AttemptResult {
  answers: AnswerDocument[];
  correctCount: number;
  scorePercent: number;
  passed: boolean;
  submittedAt: Date;
}

/** Quizzes and attempts (documents.ts); the rules are in assessments-service.ts and rules/. */
export interface AssessmentsRepository {
  findForItem(ref: ItemRef): Promise<AssessmentDocument | null>;
  /** Creates the item's quiz or replaces its questions and rules (version + 1). */
  save(ref: ItemRef, quiz: Pick<AssessmentDocument, 'passMarkPercent' | 'maxAttempts' | 'shuffle' | 'questions'>, at: Date): Promise<AssessmentDocument>;
  remove(ref: ItemRef): Promise<boolean>;

  /** Throws the driver's duplicate-key error when attempt `number` exists (another start won). */
  insertAttempt(attempt: AttemptDocument): Promise<void>;
  findAttempt(id: ObjectId): Promise<AttemptDocument | null>;
  /** A person's attempts at an item in one revision (revisionKey), first first. */
  attemptsOf(userId: ObjectId, ref: ItemRef, revisionKey: number): Promise<AttemptDocument[]>;
  /** Every attempt of these people (the dossier counts them), oldest first. */
  attemptsOfUsers(userIds: ObjectId[]): Promise<AttemptDocument[]>;
  /** Records the grade if the attempt is still open; null when it was submitted already. */
  submit(id: ObjectId, result: AttemptResult): Promise<AttemptDocument | null>;
  /** LGPD erasure: the person's attempts go (the laboratory keeps the signed authorizations' snapshot of the score). */
  deleteAttemptsForUser(userId: ObjectId): Promise<number>;
}

export default fp(
  async function assessmentsRepository(fastify: FastifyInstance) {
    const quizzes = () => fastify.store.collection<AssessmentDocument>(ASSESSMENTS_COLLECTIONS.assessments);
    const attempts = () => fastify.store.collection<AttemptDocument>(ASSESSMENTS_COLLECTIONS.assessmentAttempts);

    const repository: AssessmentsRepository = {
      findForItem: ({ itemType, itemId }) => quizzes().findOne({ itemType, itemId }),
      async save({ itemType, itemId }, quiz, at) {
        const saved = await quizzes().findOneAndUpdate(
          { itemType, itemId },
          { $set: { ...quiz, updatedAt: at }, $inc: { version: 1 }, $setOnInsert: { itemType, itemId, createdAt: at } },
          { upsert: true, returnDocument: 'after' },
        );
        return saved!;
      },
      async remove({ itemType, itemId }) {
        return (await quizzes().deleteOne({ itemType, itemId })).deletedCount === 1;
      },

      async insertAttempt(attempt) {
        await attempts().insertOne(attempt);
      },
      findAttempt: (id) => attempts().findOne({ _id: id }),
      attemptsOf: (userId, { itemType, itemId }, revisionKey) => attempts().find({ userId, itemType, itemId, revisionKey }).sort({ number: 1 }).toArray(),
      attemptsOfUsers: (userIds) =>
        userIds.length ? attempts().find({ userId: { $in: userIds } }).sort({ startedAt: 1, _id: 1 }).toArray() : Promise.resolve([]),
      submit: (id, result) =>
        attempts().findOneAndUpdate({ _id: id, submittedAt: null }, { $set: { ...result } }, { returnDocument: 'after' }),
      deleteAttemptsForUser: async (userId) => (await attempts().deleteMany({ userId })).deletedCount,
    };
    fastify.decorate('assessmentsRepository', repository);
  },
  { name: 'assessments-repository', dependencies: ['store'] },
);
