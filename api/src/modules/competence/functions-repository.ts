import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import { COMPETENCE_COLLECTIONS } from './collections';
import type { CompetenceFunctionDocument, FunctionAssignmentDocument } from './documents';

export type FunctionChanges = Partial<Pick<CompetenceFunctionDocument, 'name' | 'nameKey' | 'description' | 'requirements' | 'dueDays'>>;

/** A laboratory's functions and who holds them (documents.ts); the rules are in competence-service.ts. */
export interface FunctionsRepository {
  /** Throws the driver's duplicate-key error when the laboratory has an active function of that name. */
  insertFunction(fn: CompetenceFunctionDocument): Promise<void>;
  findFunction(accountId: ObjectId, id: ObjectId): Promise<CompetenceFunctionDocument | null>;
  /** Active functions of the laboratory, by name. */
  listFunctions(accountId: ObjectId): Promise<CompetenceFunctionDocument[]>;
  functionsByIds(ids: ObjectId[]): Promise<CompetenceFunctionDocument[]>;
  /** Throws the duplicate-key error on a name taken; null when there is no such active function. */
  updateFunction(accountId: ObjectId, id: ObjectId, changes: FunctionChanges, at: Date): Promise<CompetenceFunctionDocument | null>;
  /** Active → archived; false when it was not active. */
  archiveFunction(accountId: ObjectId, id: ObjectId, at: Date): Promise<boolean>;

  /** Throws the duplicate-key error when the person already holds the function. */
  insertAssignment(assignment: FunctionAssignmentDocument): Promise<void>;
  findActiveAssignment(functionId: ObjectId, userId: ObjectId): Promise<FunctionAssignmentDocument | null>;
  /** Active → ended; false when it had ended already. */
  endAssignment(id: ObjectId, at: Date): Promise<boolean>;
  endAssignmentsOfFunction(functionId: ObjectId, at: Date): Promise<void>;
  activeAssignmentsOfAccount(accountId: ObjectId): Promise<FunctionAssignmentDocument[]>;
  activeAssignmentsOfUser(userId: ObjectId): Promise<FunctionAssignmentDocument[]>;
  /** Every active assignment of every laboratory (the reminders job), oldest first. */
  allActiveAssignments(): Promise<FunctionAssignmentDocument[]>;
}

export default fp(
  async function functionsRepository(fastify: FastifyInstance) {
    const functions = () => fastify.store.collection<CompetenceFunctionDocument>(COMPETENCE_COLLECTIONS.competenceFunctions);
    const assignments = () => fastify.store.collection<FunctionAssignmentDocument>(COMPETENCE_COLLECTIONS.functionAssignments);

    const repository: FunctionsRepository = {
      async insertFunction(fn) {
        await functions().insertOne(fn);
      },
      findFunction: (accountId, id) => functions().findOne({ _id: id, accountId, active: true }),
      listFunctions: (accountId) => functions().find({ accountId, active: true }).sort({ nameKey: 1, _id: 1 }).toArray(),
      functionsByIds: (ids) => (ids.length ? functions().find({ _id: { $in: ids } }).toArray() : Promise.resolve([])),
      updateFunction: (accountId, id, changes, at) =>
        functions().findOneAndUpdate({ _id: id, accountId, active: true }, { $set: { ...changes, updatedAt: at } }, { returnDocument: 'after' }),
      async archiveFunction(accountId, id, at) {
        const result = await functions().updateOne({ _id: id, accountId, active: true }, { $set: { active: false, updatedAt: at } });
        return result.matchedCount === 1;
      },

      async insertAssignment(assignment) {
        await assignments().insertOne(assignment);
      },
      findActiveAssignment: (functionId, userId) => assignments().findOne({ functionId, userId, active: true }),
      async endAssignment(id, at) {
        const result = await assignments().updateOne({ _id: id, active: true }, { $set: { active: false, endedAt: at } });
        return result.matchedCount === 1;
      },
      async endAssignmentsOfFunction(functionId, at) {
        await assignments().updateMany({ functionId, active: true }, { $set: { active: false, endedAt: at } });
      },
      activeAssignmentsOfAccount: (accountId) => assignments().find({ accountId, active: true }).sort({ assignedAt: 1, _id: 1 }).toArray(),
      activeAssignmentsOfUser: (userId) => assignments().find({ userId, active: true }).sort({ assignedAt: 1, _id: 1 }).toArray(),
      allActiveAssignments: () => assignments().find({ active: true }).sort({ _id: 1 }).toArray(),
    };
    fastify.decorate('functionsRepository', repository);
  },
  { name: 'functions-repository', dependencies: ['store'] },
);
