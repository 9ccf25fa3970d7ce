import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
import { notFound } from '../../../http/app-error';
import type { SignedRecordDocument } from '../../authorizations/documents';
import { itemKey } from '../../revisions/rules/revision';
import type { LaboratoryAccountDocument } from '../../team/documents';
import type { UserDocument } from '../../users/documents';
import type { TrailLine } from '../competence-service';
import type { ExportDocument, ExportFormat } from '../documents';

export interface DossierLine extends TrailLine {
  /** Submitted attempts at the item (every revision). */
  attempts: number;
}

/** What an auditor reads about one person of a laboratory (ISO/IEC 17025 §6.2.5): the files render it. */
export interface Dossier {
  account: LaboratoryAccountDocument;
  person: UserDocument;
  lines: DossierLine[];
  authorizations: { record: SignedRecordDocument; revokedBy: SignedRecordDocument | null }[];
  generatedAt: Date;
  generatedByName: string;
}

const dossierNotFound = () => notFound('Pessoa não encontrada na equipe deste laboratório.', 'PERSON_NOT_FOUND');

/**
 * The dossier of `userId` in the laboratory: read by its manager, an admin, or the person. The
 * person must have (or have had) a seat in it; anyone else gets the same 404 as a wrong id.
 */
export async function loadDossier(fastify: FastifyInstance, request: FastifyRequest, accountId: ObjectId, userId: ObjectId): Promise<Dossier> {
  const caller = request.user!;
  const account = await fastify.teamRepository.findAccountById(accountId);
  const allowed =
    account !== null &&
    (caller.role === 'ADMIN' || account.managerId.toHexString() === caller._id.toHexString() || caller._id.toHexString() === userId.toHexString());
  if (!account || !allowed) throw dossierNotFound();
  const seats = await fastify.teamRepository.listSeats(accountId, true);
  const person = seats.some((seat) => seat.userId.toHexString() === userId.toHexString()) ? await fastify.usersRepository.findById(userId) : null;
  if (!person) throw dossierNotFound();

  const [trail, attempts, records] = await Promise.all([
    fastify.competence.trail(userId),
    fastify.assessmentsRepository.attemptsOfUsers([userId]),
    fastify.signedRecordsRepository.forAccount(accountId, userId),
  ]);
  const revocations = await fastify.signedRecordsRepository.revocationsOf(records.map((record) => record._id));
  return {
    account,
    person,
    lines: trail
      .filter((line) => line.fn.accountId.toHexString() === accountId.toHexString())
      .map((line) => ({
        ...line,
        attempts: attempts.filter((attempt) => attempt.submittedAt !== null && itemKey(attempt) === itemKey(line.requirement)).length,
      })),
    authorizations: records
      .filter((record) => record.kind === 'AUTHORIZATION')
      .map((record) => ({ record, revokedBy: revocations.find((revocation) => revocation.revokes?.toHexString() === record._id.toHexString()) ?? null })),
    generatedAt: fastify.clock.now(),
    generatedByName: caller.name,
  };
}

/** Registers a file handed out with the SHA-256 of its content, for the verification route; answers the record. */
export async function registerExport(fastify: FastifyInstance, request: FastifyRequest, dossier: Dossier, format: ExportFormat, sha256: string): Promise<ExportDocument> {
  const record: ExportDocument = {
    _id: new ObjectId(),
    accountId: dossier.account._id,
    laboratoryName: dossier.account.name,
    format,
    userId: dossier.person._id,
    subjectName: dossier.person.name,
    sha256,
    generatedAt: dossier.generatedAt,
    generatedBy: request.user!._id,
    generatedByName: dossier.generatedByName,
  };
  await fastify.exportsRepository.insert(record);
  return record;
}
