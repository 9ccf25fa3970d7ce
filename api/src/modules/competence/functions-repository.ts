import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import type { ItemRef } from '../revisions/documents';
import { COMPETENCE_COLLECTIONS } from './collections';
import type { CompetenceFunctionDocument, FunctionAssignmentDocument } from './documents';

/** A laboratory's functions and who holds them (documents.ts); the rules are in competence-service.ts. */
export interface FunctionsRepository {
  /** Throws the driver's duplicate-key error when the laboratory has a function of that name. */
  insertFunction(fn: CompetenceFunctionDocument): Promise<void>;
  /** Name, description, requirements and due days of an active function; the duplicate-key error as insertFunction. */
  updateFunction(fn: CompetenceFunctionDocument): Promise<void>;
  /**
   * The function stops being active (it stays for the history) and gives its name up; every active
   * assignment to it ends at `at`. False when it was not active.
   */
  archiveFunction(accountId: ObjectId, id: ObjectId, at: Date): Promise<boolean>;
  findFunction(accountId: ObjectId, id: ObjectId): Promise<CompetenceFunctionDocument | null>;
  /** The laboratory's active function holding this folded name, if any. */
  findFunctionByNameKey(accountId: ObjectId, nameKey: string): Promise<CompetenceFunctionDocument | null>;
  /** Active functions of the laboratory, by name. */
  listFunctions(accountId: ObjectId): Promise<CompetenceFunctionDocument[]>;
  functionsByIds(ids: ObjectId[]): Promise<CompetenceFunctionDocument[]>;

  /** Throws the duplicate-key error when the person already holds the function. */
  insertAssignment(assignment: FunctionAssignmentDocument): Promise<void>;
  findActiveAssignment(functionId: ObjectId, userId: ObjectId): Promise<FunctionAssignmentDocument | null>;
  /** Ends the person's active assignment to the function; false when there was none. */
  endAssignment(functionId: ObjectId, userId: ObjectId, at: Date): Promise<boolean>;
  activeAssignmentsOfAccount(accountId: ObjectId): Promise<FunctionAssignmentDocument[]>;
  activeAssignmentsOfUser(userId: ObjectId): Promise<FunctionAssignmentDocument[]>;
  /** Every active assignment of every laboratory (the reminders job), oldest first. */
  allActiveAssignments(): Promise<FunctionAssignmentDocument[]>;
  /** The people holding an active function that requires the item (each once): who a new revision of it makes due again. */
  holdersOfRequirement(ref: ItemRef): Promise<ObjectId[]>;
  /** Every assignment of the person, active or ended, oldest first (their LGPD export). */
  assignmentsOfUser(userId: ObjectId): Promise<FunctionAssignmentDocument[]>;
  /**
   * LGPD erasure: the person's assignments go; on the assignments the person made (a manager),
   * `erasureId` replaces them as `assignedBy`.
   */
  eraseUser(userId: ObjectId, erasureId: ObjectId): Promise<{ deleted: number; anonymised: number }>;
}

export default fp(
  async function functionsRepository(fastify: FastifyInstance) {
    const functions = () => fastify.store.collection<CompetenceFunctionDocument>(COMPETENCE_COLLECTIONS.competenceFunctions);
    const assignments = () => fastify.store.collection<FunctionAssignmentDocument>(COMPETENCE_COLLECTIONS.functionAssignments);

    const repository: FunctionsRepository = {
      async insertFunction(fn) {
        await functions().insertOne(fn);
      },
      async updateFunction(fn) {
        const { name, nameKey, description, requirements, dueDays, updatedAt } = fn;
        await functions().updateOne({ _id: fn._id, accountId: fn.accountId, active: true }, { $set: { name, nameKey, description, requirements, dueDays, updatedAt } });
      },
      async archiveFunction(accountId, id, at) {
        const fn = await functions().findOne({ _id: id, accountId, active: true });
        if (!fn) return false;
        const { modifiedCount } = await functions().updateOne(
          { _id: id, accountId, active: true },
          { $set: { active: false, nameKey: `${fn.nameKey}#arquivada#${id.toHexString()}`, updatedAt: at } },
        );
        if (modifiedCount === 0) return false;
        await assignments().updateMany({ functionId: id, active: true }, { $set: { active: false, endedAt: at } });
        return true;
      },
      findFunction: (accountId, id) => functions().findOne({ _id: id, accountId, active: true }),
      findFunctionByNameKey: (accountId, nameKey) => functions().findOne({ accountId, nameKey, active: true }),
      listFunctions: (accountId) => functions().find({ accountId, active: true }).sort({ nameKey: 1, _id: 1 }).toArray(),
      functionsByIds: (ids) => (ids.length ? functions().find({ _id: { $in: ids } }).toArray() : Promise.resolve([])),

      async insertAssignment(assignment) {
        await assignments().insertOne(assignment);
      },
      findActiveAssignment: (functionId, userId) => assignments().findOne({ functionId, userId, active: true }),
      async endAssignment(functionId, userId, at) {
        const { modifiedCount } = await assignments().updateOne({ functionId, userId, active: true }, { $set: { active: false, endedAt: at } });
        return modifiedCount > 0;
      },
      activeAssignmentsOfAccount: (accountId) => assignments().find({ accountId, active: true }).sort({ assignedAt: 1, _id: 1 }).toArray(),
      activeAssignmentsOfUser: (userId) => assignments().find({ userId, active: true }).sort({ assignedAt: 1, _id: 1 }).toArray(),
      allActiveAssignments: () => assignments().find({ active: true }).sort({ _id: 1 }).toArray(),
      async holdersOfRequirement({ itemType, itemId }) {
        // Filtered here rather than with $elemMatch, which FerretDB 1.24 does not run; called only for the admin's confirmation.
        const requiring = (await functions().find({ active: true }).toArray()).filter((fn) =>
          fn.requirements.some((requirement) => requirement.itemType === itemType && requirement.itemId.equals(itemId)),
        );
        if (!requiring.length) return [];
        const held = await assignments().find({ functionId: { $in: requiring.map((fn) => fn._id) }, active: true }).toArray();
        return [...new Map(held.map((assignment) => [assignment.userId.toHexString(), assignment.userId])).values()];
      },
      assignmentsOfUser: (userId) => assignments().find({ userId }).sort({ assignedAt: 1, _id: 1 }).toArray(),
      async eraseUser(userId, erasureId) {
        const { deletedCount } = await assignments().deleteMany({ userId });
        const { modifiedCount } = await assignments().updateMany({ assignedBy: userId }, { $set: { assignedBy: erasureId } });
        return { deleted: deletedCount, anonymised: modifiedCount };
      },
    };
    fastify.decorate('functionsRepository', repository);
  },
  { name: 'functions-repository', dependencies: ['store'] },
);
