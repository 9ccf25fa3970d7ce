import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { badRequest, conflict, forbidden, isDuplicateKeyError, notFound } from '../../http/app-error';
import type { LaboratoryAccountDocument } from '../team/documents';
import type { ItemRef } from '../revisions/documents';
import { itemKey, revisionLabel } from '../revisions/rules/revision';
import type { ItemSummary } from '../revisions/revisions-service';
import type { UserDocument } from '../users/documents';
import type { CompetenceFunctionDocument, FunctionAssignmentDocument, RequirementDocument } from './documents';
import { isInOrder, requirementStanding, validUntil, type RequirementStanding } from './rules/trail';

export interface FunctionInput {
  name: string;
  description: string;
  requirements: RequirementDocument[];
  dueDays: number;
}

export interface FunctionWithPeople {
  fn: CompetenceFunctionDocument;
  items: Map<string, ItemSummary>;
  assignments: FunctionAssignmentDocument[];
  names: Map<string, string>;
}

/** One line of "Minha trilha": a requirement of one of the person's functions and where they stand. */
export interface TrailLine {
  fn: CompetenceFunctionDocument;
  requirement: RequirementDocument;
  item: ItemSummary;
  /** "POP-COL-003 rev. 4" in force, else null. */
  document: string | null;
  standing: RequirementStanding;
}

/** What the caller does with a laboratory: read (its manager or an admin), manage its functions or sign for it (its manager only). */
export type LaboratoryAccess = 'read' | 'manage' | 'sign';

/** One person of the laboratory matrix: every requirement of their functions there and where they stand. */
export interface MatrixRow {
  userId: ObjectId;
  name: string;
  lines: TrailLine[];
  /** Requirements VALID or EXPIRING. */
  inOrder: number;
}

export interface Competence {
  /**
   * The laboratory account as `user` may use it: its manager for anything, an admin only to read
   * (403 in Portuguese otherwise); anyone else gets the 404 of a laboratory that does not exist.
   */
  laboratory(user: UserDocument, accountId: ObjectId, access: LaboratoryAccess): Promise<LaboratoryAccountDocument>;
  listFunctions(user: UserDocument, accountId: ObjectId): Promise<FunctionWithPeople[]>;
  createFunction(user: UserDocument, accountId: ObjectId, input: FunctionInput): Promise<FunctionWithPeople>;
  /** Changes an active function's name, description, requirements and due days (the people keep it). */
  updateFunction(user: UserDocument, accountId: ObjectId, functionId: ObjectId, input: FunctionInput): Promise<FunctionWithPeople>;
  /** Archives a function: it leaves the list, the trail and the matrix; its people stop holding it; the records stay. */
  archiveFunction(user: UserDocument, accountId: ObjectId, functionId: ObjectId): Promise<void>;
  /** Assigns a person of the laboratory (an ACTIVE seat) to a function; assigning twice changes nothing. */
  assign(user: UserDocument, accountId: ObjectId, functionId: ObjectId, userId: ObjectId): Promise<FunctionWithPeople>;
  /** Ends a person's assignment to a function (404 when they do not hold it). */
  unassign(user: UserDocument, accountId: ObjectId, functionId: ObjectId, userId: ObjectId): Promise<FunctionWithPeople>;
  /** "Minha trilha": every requirement of the person's functions and where they stand now. */
  trail(userId: ObjectId): Promise<TrailLine[]>;
  /** The laboratory matrix: each person with a function × each of their requirements, and the share in order. */
  matrix(user: UserDocument, accountId: ObjectId): Promise<MatrixRow[]>;
  /**
   * When the person's completion of the item on `completedAt` stops counting: the earliest validity
   * among the person's functions that require it; null when none limits it.
   */
  expiresAt(userId: ObjectId, ref: ItemRef, completedAt: Date): Promise<Date | null>;
  /**
   * A video without an assessment was watched to the end: that completes it in the revision in
   * force, once — unless it was finished before that revision was published (then it stays due).
   */
  recordWatched(userId: ObjectId, ref: ItemRef, finishedAt: Date): Promise<void>;
}

const accountNotFound = () => notFound('Laboratório não encontrado.', 'ACCOUNT_NOT_FOUND');
const functionNotFound = () => notFound('Função não encontrada neste laboratório.', 'FUNCTION_NOT_FOUND');
const nameTaken = (name: string) => conflict(`Este laboratório já tem a função "${name}".`, 'FUNCTION_NAME_TAKEN');

/**
 * Functions and curricula of a laboratory (ISO/IEC 17025 §6.2.2, 6.2.5 b): named by its manager,
 * each requiring catalogue items with a validity; people of the laboratory assigned to them.
 * Only the laboratory's manager changes them; an admin reads them.
 */
export default fp(
  async function competenceService(fastify: FastifyInstance) {
    const functions = fastify.functionsRepository;
    const now = () => fastify.clock.now();

    const ADMIN_REFUSALS: Record<Exclude<LaboratoryAccess, 'read'>, () => Error> = {
      manage: () => forbidden('Só o gestor do laboratório define as funções e quem as exerce; o administrador apenas consulta.', 'MANAGER_ONLY'),
      sign: () => forbidden('O administrador consulta as autorizações, mas só o gestor do laboratório as assina.', 'ADMIN_CANNOT_SIGN'),
    };

    async function account(user: UserDocument, accountId: ObjectId, access: LaboratoryAccess): Promise<LaboratoryAccountDocument> {
      const found = await fastify.teamRepository.findAccountById(accountId);
      const isManager = found !== null && found.managerId.toHexString() === user._id.toHexString();
      if (!found || (!isManager && user.role !== 'ADMIN')) throw accountNotFound();
      if (access !== 'read' && !isManager) throw ADMIN_REFUSALS[access]();
      return found;
    }

    async function withPeople(list: CompetenceFunctionDocument[]): Promise<FunctionWithPeople[]> {
      const items = await fastify.revisions.summaries(list.flatMap((fn) => fn.requirements));
      const accountIds = [...new Set(list.map((fn) => fn.accountId.toHexString()))];
      const assignments = (await Promise.all(accountIds.map((id) => functions.activeAssignmentsOfAccount(new ObjectId(id))))).flat();
      const people = await fastify.usersRepository.findByIds([...new Map(assignments.map((a) => [a.userId.toHexString(), a.userId])).values()]);
      const names = new Map(people.map((person) => [person._id.toHexString(), person.name]));
      return list.map((fn) => ({ fn, items, names, assignments: assignments.filter((a) => a.functionId.toHexString() === fn._id.toHexString()) }));
    }

    /** Writes a function; a duplicate key on the name (one per laboratory) is the 409 in Portuguese. */
    async function withUniqueName(name: string, write: () => Promise<void>): Promise<void> {
      try {
        await write();
      } catch (error) {
        if (isDuplicateKeyError(error)) throw nameTaken(name);
        throw error;
      }
    }

    /** An audit line about a function of the laboratory. */
    async function auditFunction(user: UserDocument, at: Date, action: 'FUNCTION_CREATED' | 'FUNCTION_UPDATED' | 'FUNCTION_ARCHIVED', fn: CompetenceFunctionDocument, summary: string) {
      await fastify.auditRepository.append({ at, accountId: fn.accountId, actor: user, action, target: { type: 'FUNCTION', id: fn._id }, summary });
    }

    /** An audit line about a person of the laboratory, named in the summary as the profile names them. */
    async function auditPerson(user: UserDocument, accountId: ObjectId, at: Date, action: 'PERSON_ASSIGNED' | 'PERSON_UNASSIGNED', userId: ObjectId, summary: (name: string) => string) {
      const person = await fastify.usersRepository.findById(userId);
      await fastify.auditRepository.append({ at, accountId, actor: user, action, target: { type: 'PERSON', id: userId }, summary: summary(person?.name ?? 'uma pessoa da equipe') });
    }

    /** Checks the requirements (each item once, each in the catalogue) and names them for the audit trail. */
    async function requirementTitles(requirements: RequirementDocument[]): Promise<string> {
      const keys = requirements.map(itemKey);
      if (new Set(keys).size !== keys.length) throw badRequest('Cada item entra uma vez só nos requisitos da função.', 'DUPLICATE_REQUIREMENT');
      const items = await fastify.revisions.summaries(requirements);
      const missing = requirements.findIndex((requirement) => !items.get(itemKey(requirement))?.exists);
      if (missing >= 0) throw badRequest(`O requisito ${missing + 1} não é um vídeo ou conteúdo do catálogo.`, 'ITEM_NOT_FOUND');
      return requirements.map((r) => items.get(itemKey(r))!.title).join('; ');
    }

    async function one(accountId: ObjectId, functionId: ObjectId): Promise<FunctionWithPeople> {
      const fn = await functions.findFunction(accountId, functionId);
      if (!fn) throw functionNotFound();
      return (await withPeople([fn]))[0]!;
    }

    const service: Competence = {
      laboratory: account,

      async listFunctions(user, accountId) {
        await account(user, accountId, 'read');
        return withPeople(await functions.listFunctions(accountId));
      },

      async createFunction(user, accountId, input) {
        await account(user, accountId, 'manage');
        const titles = await requirementTitles(input.requirements);
        const at = now();
        const name = input.name.trim();
        const fn: CompetenceFunctionDocument = {
          _id: new ObjectId(),
          accountId,
          name,
          nameKey: name.toLocaleLowerCase('pt-BR'),
          description: input.description.trim(),
          requirements: input.requirements,
          dueDays: input.dueDays,
          active: true,
          createdAt: at,
          updatedAt: at,
        };
        await withUniqueName(name, () => functions.insertFunction(fn));
        await auditFunction(user, at, 'FUNCTION_CREATED', fn, `Criou a função "${name}" com ${fn.requirements.length} requisito(s): ${titles}.`);
        return (await withPeople([fn]))[0]!;
      },

      async updateFunction(user, accountId, functionId, input) {
        await account(user, accountId, 'manage');
        const before = await functions.findFunction(accountId, functionId);
        if (!before) throw functionNotFound();
        const titles = await requirementTitles(input.requirements);
        const at = now();
        const name = input.name.trim();
        const fn: CompetenceFunctionDocument = {
          ...before,
          name,
          nameKey: name.toLocaleLowerCase('pt-BR'),
          description: input.description.trim(),
          requirements: input.requirements,
          dueDays: input.dueDays,
          updatedAt: at,
        };
        // Checked first: the unique index still refuses a rename racing another, but FerretDB answers an update
        // that breaks a unique index with a generic error, not the duplicate key that becomes this 409.
        const holder = await functions.findFunctionByNameKey(accountId, fn.nameKey);
        if (holder && holder._id.toHexString() !== functionId.toHexString()) throw nameTaken(name);
        await withUniqueName(name, () => functions.updateFunction(fn));
        const renamed = before.name === name ? '' : ` (antes "${before.name}")`;
        await auditFunction(user, at, 'FUNCTION_UPDATED', fn, `Alterou a função "${name}"${renamed}: ${fn.requirements.length} requisito(s): ${titles}; prazo de ${fn.dueDays} dia(s).`);
        return one(accountId, functionId);
      },

      async archiveFunction(user, accountId, functionId) {
        await account(user, accountId, 'manage');
        const fn = await functions.findFunction(accountId, functionId);
        if (!fn) throw functionNotFound();
        const at = now();
        if (!(await functions.archiveFunction(accountId, functionId, at))) throw functionNotFound(); // archived by a parallel call
        await auditFunction(user, at, 'FUNCTION_ARCHIVED', fn, `Arquivou a função "${fn.name}"; quem a exercia deixou de exercê-la.`);
      },

      async assign(user, accountId, functionId, userId) {
        await account(user, accountId, 'manage');
        const fn = await functions.findFunction(accountId, functionId);
        if (!fn) throw functionNotFound();
        const seat = await fastify.teamRepository.findActiveSeat(userId);
        if (!seat || seat.accountId.toHexString() !== accountId.toHexString()) {
          throw badRequest('Esta pessoa não ocupa um assento deste laboratório: convide-a para a equipe antes de lhe dar uma função.', 'NOT_A_TEAM_MEMBER');
        }
        if (!(await functions.findActiveAssignment(functionId, userId))) {
          const at = now();
          try {
            await functions.insertAssignment({ _id: new ObjectId(), accountId, functionId, userId, assignedAt: at, assignedBy: user._id, active: true, endedAt: null });
            await auditPerson(user, accountId, at, 'PERSON_ASSIGNED', userId, (name) => `Atribuiu a função "${fn.name}" a ${name}.`);
          } catch (error) {
            if (!isDuplicateKeyError(error)) throw error; // assigned by a parallel call: the same result
          }
        }
        return one(accountId, functionId);
      },

      async unassign(user, accountId, functionId, userId) {
        await account(user, accountId, 'manage');
        const fn = await functions.findFunction(accountId, functionId);
        if (!fn) throw functionNotFound();
        const at = now();
        if (!(await functions.endAssignment(functionId, userId, at))) throw notFound('Esta pessoa não exerce esta função.', 'NOT_ASSIGNED');
        await auditPerson(user, accountId, at, 'PERSON_UNASSIGNED', userId, (name) => `Retirou a função "${fn.name}" de ${name}.`);
        return one(accountId, functionId);
      },

      async trail(userId) {
        const assignments = await functions.activeAssignmentsOfUser(userId);
        const fns = await functions.functionsByIds(assignments.map((a) => a.functionId));
        const refs = fns.flatMap((fn) => fn.requirements);
        const [items, standings, completions] = await Promise.all([
          fastify.revisions.summaries(refs),
          fastify.revisions.standings(refs),
          fastify.completionsRepository.forUsers([userId]),
        ]);
        const at = now();
        return assignments.flatMap((assignment) => {
          const fn = fns.find((candidate) => candidate._id.toHexString() === assignment.functionId.toHexString());
          if (!fn) return [];
          return fn.requirements.map((requirement) => {
            const key = itemKey(requirement);
            const current = standings.get(key)?.current ?? null;
            const own = completions.filter((completion) => itemKey(completion) === key);
            return {
              fn,
              requirement,
              item: items.get(key)!,
              document: current ? revisionLabel(current) : null,
              standing: requirementStanding(requirement, own, {
                assignedAt: assignment.assignedAt,
                dueDays: fn.dueDays,
                revisionDueAt: current?.retrainingDueAt ?? null,
                now: at,
              }),
            };
          });
        });
      },

      async matrix(user, accountId) {
        await account(user, accountId, 'read');
        const assignments = await functions.activeAssignmentsOfAccount(accountId);
        const userIds = [...new Map(assignments.map((a) => [a.userId.toHexString(), a.userId])).values()];
        const people = new Map((await fastify.usersRepository.findByIds(userIds)).map((person) => [person._id.toHexString(), person.name]));
        const rows = await Promise.all(
          userIds.map(async (userId) => {
            const lines = (await service.trail(userId)).filter((line) => line.fn.accountId.toHexString() === accountId.toHexString());
            return { userId, name: people.get(userId.toHexString()) ?? 'Conta excluída', lines, inOrder: lines.filter((line) => isInOrder(line.standing.status)).length };
          }),
        );
        return rows.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
      },

      async expiresAt(userId, ref, completedAt) {
        const assignments = await functions.activeAssignmentsOfUser(userId);
        const fns = await functions.functionsByIds(assignments.map((a) => a.functionId));
        const limits = fns
          .flatMap((fn) => fn.requirements)
          .filter((requirement) => itemKey(requirement) === itemKey(ref))
          .map((requirement) => validUntil(completedAt, requirement.validityMonths))
          .filter((date): date is Date => date !== null);
        return limits.length ? new Date(Math.min(...limits.map((date) => date.getTime()))) : null;
      },

      async recordWatched(userId, ref, finishedAt) {
        if (await fastify.completionsRepository.inForce(userId, ref)) return;
        const current = (await fastify.revisions.standings([ref])).get(itemKey(ref))?.current ?? null;
        if (current && !current.first && finishedAt < current.publishedAt) return;
        await fastify.completionsRepository.insert({
          _id: new ObjectId(),
          userId,
          itemType: ref.itemType,
          itemId: ref.itemId,
          revision: current?.revision ?? null,
          completedAt: finishedAt,
          method: 'WATCHED',
          attemptId: null,
          attemptNumber: null,
          scorePercent: null,
          passMarkPercent: null,
          supersededAt: null,
          supersededByRevision: null,
        });
      },
    };
    fastify.decorate('competence', service);
  },
  { name: 'competence', dependencies: ['clock', 'functions-repository', 'completions-repository', 'revisions', 'team-repository', 'users-repository', 'audit-repository'] },
);
