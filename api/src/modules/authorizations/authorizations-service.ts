import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import { conflict, isDuplicateKeyError, notFound } from '../../http/app-error';
import type { ItemRef } from '../revisions/documents';
import { normalizeCertificateCode } from '../progress/rules/certificate-code';
import { itemKey } from '../revisions/rules/revision';
import type { UserDocument } from '../users/documents';
import { MEANING_WORDS, type AuditEntryDocument, type RequiredItemSnapshot, type SignatureMeaning, type SignedRecordDocument } from './documents';
import { checkRecentAuthentication, recordHash } from './rules/signature';

export interface AuthorizationInput {
  userId: ObjectId;
  activity: string;
  meaning: Extract<SignatureMeaning, 'AUTHORIZE' | 'REVIEW_APPROVE'>;
  requiredItems: ItemRef[];
  reason: string;
  /** A correction: the authorization this one replaces (revoked by this record). */
  replaces: ObjectId | null;
}

export interface RecordWithState {
  record: SignedRecordDocument;
  /** The record that revoked it (a correction or a withdrawal), else null. */
  revokedBy: SignedRecordDocument | null;
}

export interface Authorizations {
  list(user: UserDocument, accountId: ObjectId, subjectUserId?: ObjectId): Promise<RecordWithState[]>;
  /** Signs an authorization (the caller must be the laboratory's manager and have typed their password just now). */
  authorize(request: FastifyRequest, accountId: ObjectId, input: AuthorizationInput): Promise<SignedRecordDocument>;
  /** Signs the withdrawal of an authorization in force. */
  revoke(request: FastifyRequest, recordId: ObjectId, reason: string): Promise<SignedRecordDocument>;
  /** The issuer (an admin) signs the revocation of a certificate: the public page then says "Revogado". */
  revokeCertificate(request: FastifyRequest, code: string, reason: string): Promise<SignedRecordDocument>;
  audit(user: UserDocument, accountId: ObjectId, page: number, limit: number): Promise<{ data: AuditEntryDocument[]; total: number }>;
}

const recordNotFound = () => notFound('Registro assinado não encontrado.', 'RECORD_NOT_FOUND');

/**
 * Authorizations of personnel (ISO/IEC 17025 §6.2.5 e, 6.2.6) signed electronically in the style
 * of 21 CFR 11.50: printed name, date and time, meaning. Records are only ever added: a correction
 * is a new authorization that revokes the old one, a withdrawal a signed revocation.
 */
export default fp(
  async function authorizationsService(fastify: FastifyInstance) {
    const records = fastify.signedRecordsRepository;
    const now = () => fastify.clock.now();

    const account = (user: UserDocument, accountId: ObjectId, access: 'read' | 'sign') => fastify.competence.laboratory(user, accountId, access);

    /** Signs and stores: the manifest, then the hash of content + manifest; throws the duplicate-key error of a second revocation. */
    async function sign(request: FastifyRequest, meaning: SignatureMeaning, content: Omit<SignedRecordDocument, '_id' | 'signature' | 'contentHash'>) {
      const signer = request.user!;
      const at = now();
      const authTime = checkRecentAuthentication(request.principal?.authTime, at);
      const unsigned: Omit<SignedRecordDocument, 'contentHash'> = {
        _id: new ObjectId(),
        ...content,
        signature: {
          signerId: signer._id,
          printedName: signer.name,
          signerRole: signer.role,
          meaning,
          meaningText: MEANING_WORDS[meaning],
          signedAt: at,
          authTime,
          method: 'FIREBASE_PASSWORD_REAUTHENTICATION',
        },
      };
      const record: SignedRecordDocument = { ...unsigned, contentHash: recordHash(unsigned) };
      await records.insert(record);
      return record;
    }

    const ALREADY_REVOKED = { record: 'Esta autorização já foi revogada ou corrigida.', certificate: 'Este certificado já foi revogado.' } as const;
    const revokedAlready = (what: keyof typeof ALREADY_REVOKED) => conflict(ALREADY_REVOKED[what], 'ALREADY_REVOKED');

    /** `sign`, where a second revocation of the same record or certificate (the unique indexes) is the 409 the signer reads. */
    async function signOnce(what: keyof typeof ALREADY_REVOKED, ...args: Parameters<typeof sign>): Promise<SignedRecordDocument> {
      try {
        return await sign(...args);
      } catch (error) {
        if (isDuplicateKeyError(error)) throw revokedAlready(what);
        throw error;
      }
    }

    async function inForce(id: ObjectId, accountId: ObjectId): Promise<SignedRecordDocument> {
      const record = await records.findById(id);
      if (!record || record.kind !== 'AUTHORIZATION' || record.accountId?.toHexString() !== accountId.toHexString()) throw recordNotFound();
      if ((await records.revocationsOf([id])).length) throw revokedAlready('record');
      return record;
    }

    const service: Authorizations = {
      async list(user, accountId, subjectUserId) {
        await account(user, accountId, 'read');
        const all = await records.forAccount(accountId, subjectUserId);
        const revocations = await records.revocationsOf(all.map((record) => record._id));
        return all.map((record) => ({
          record,
          revokedBy: revocations.find((revocation) => revocation.revokes?.toHexString() === record._id.toHexString()) ?? null,
        }));
      },

      async authorize(request, accountId, input) {
        const signer = request.user!;
        await account(signer, accountId, 'sign');
        const seat = await fastify.teamRepository.findActiveSeat(input.userId);
        const person = await fastify.usersRepository.findById(input.userId);
        if (!seat || !person || seat.accountId.toHexString() !== accountId.toHexString()) {
          throw notFound('Esta pessoa não está na equipe deste laboratório.', 'NOT_A_TEAM_MEMBER');
        }
        const replaced = input.replaces ? await inForce(input.replaces, accountId) : null;
        const [items, standings] = await Promise.all([fastify.revisions.summaries(input.requiredItems), fastify.revisions.standings(input.requiredItems)]);
        const requiredItems: RequiredItemSnapshot[] = [];
        for (const ref of input.requiredItems) {
          const completion = await fastify.completionsRepository.inForce(person._id, ref);
          const title = items.get(itemKey(ref))?.title ?? 'Item removido do catálogo';
          if (!completion) {
            throw conflict(`${person.name} ainda não concluiu "${title}" na revisão em vigor: a autorização exige esse item.`, 'REQUIREMENTS_NOT_MET');
          }
          const current = standings.get(itemKey(ref))?.current ?? null;
          requiredItems.push({
            itemType: ref.itemType,
            itemId: ref.itemId,
            title,
            documentCode: current?.documentCode ?? null,
            revision: completion.revision,
            completedAt: completion.completedAt,
            scorePercent: completion.scorePercent,
          });
        }
        const record = await signOnce('record', request, input.meaning, {
          kind: 'AUTHORIZATION',
          accountId,
          subjectUserId: person._id,
          subjectName: person.name,
          activity: input.activity.trim(),
          requiredItems,
          reason: input.reason.trim(),
          revokes: replaced?._id ?? null,
          revoking: replaced !== null,
          certificateCode: null,
        });
        await fastify.auditRepository.append({
          at: record.signature.signedAt,
          accountId,
          actor: signer,
          action: 'AUTHORIZATION_SIGNED',
          target: { type: 'RECORD', id: record._id },
          summary: `Assinou (${record.signature.meaningText}) a autorização de ${person.name} para "${record.activity}"${replaced ? `, corrigindo a de ${replaced.signature.signedAt.toISOString().slice(0, 10)}` : ''}.`,
        });
        return record;
      },

      async revoke(request, recordId, reason) {
        const signer = request.user!;
        const target = await records.findById(recordId);
        if (!target || target.kind !== 'AUTHORIZATION' || !target.accountId) throw recordNotFound();
        await account(signer, target.accountId, 'sign');
        await inForce(recordId, target.accountId);
        const record = await signOnce('record', request, 'REVOKE', {
          kind: 'REVOCATION',
          accountId: target.accountId,
          subjectUserId: target.subjectUserId,
          subjectName: target.subjectName,
          activity: target.activity,
          requiredItems: [],
          reason: reason.trim(),
          revokes: target._id,
          revoking: true,
          certificateCode: null,
        });
        await fastify.auditRepository.append({
          at: record.signature.signedAt,
          accountId: target.accountId,
          actor: signer,
          action: 'AUTHORIZATION_REVOKED',
          target: { type: 'RECORD', id: target._id },
          summary: `Revogou a autorização de ${target.subjectName ?? 'uma pessoa'} para "${target.activity}": ${record.reason}`,
        });
        return record;
      },

      async revokeCertificate(request, input, reason) {
        const code = normalizeCertificateCode(input);
        const certificate = code ? await fastify.certificatesRepository.findByCode(code) : null;
        if (!certificate) throw notFound('Certificado não encontrado.', 'CERTIFICATE_NOT_FOUND');
        if (await records.certificateRevocation(certificate.code)) throw revokedAlready('certificate');
        const record = await signOnce('certificate', request, 'REVOKE', {
            kind: 'CERTIFICATE_REVOCATION',
            accountId: null,
            subjectUserId: certificate.userId,
            subjectName: certificate.holderName,
            activity: null,
            requiredItems: [],
            reason: reason.trim(),
            revokes: null,
            revoking: false,
            certificateCode: certificate.code,
          });
        await fastify.auditRepository.append({
          at: record.signature.signedAt,
          accountId: certificate.laboratory?.accountId ?? null,
          actor: request.user!,
          action: 'CERTIFICATE_REVOKED',
          target: { type: 'CERTIFICATE', id: certificate._id },
          summary: `Revogou o certificado ${certificate.code} de ${certificate.holderName} ("${certificate.videoTitle}"): ${record.reason}`,
        });
        return record;
      },

      async audit(user, accountId, page, limit) {
        await account(user, accountId, 'read');
        const functions = await fastify.functionsRepository.listFunctions(accountId);
        const itemIds = functions.flatMap((fn) => fn.requirements.map((requirement) => requirement.itemId));
        return fastify.auditRepository.pageForAccount(accountId, itemIds, page, limit);
      },
    };
    fastify.decorate('authorizations', service);
  },
  {
    name: 'authorizations',
    dependencies: ['clock', 'signed-records-repository', 'audit-repository', 'team-repository', 'users-repository', 'revisions', 'completions-repository', 'functions-repository', 'competence', 'certificates-repository'],
  },
);
