import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listPage } from '../../http/pagination';
import { routeOptions } from '../../http/route-options';
import { errorResponses } from '../../http/schemas';
import { toObjectId } from '../../store/object-id';
import { toAuditEntry, toSignedRecord } from './responses';
import { SIGNATURE_REAUTH_MINUTES } from './rules/signature';
import { AccountParams, AuditPageSchema, CertificateParams, AuditQuery, AuthorizationBody, RecordParams, RecordsQuery, RevocationBody, SignedRecordListSchema, SignedRecordSchema } from './schemas';

const route = routeOptions(['authorizations']);
const SIGNING = `Assinatura eletrônica: o token precisa de uma autenticação (auth_time) de no máximo ${SIGNATURE_REAUTH_MINUTES} minutos — a página pede a senha de novo (403 REAUTHENTICATION_REQUIRED). Só o gestor do laboratório assina (admin: 403 ADMIN_CANNOT_SIGN).`;

/** Signed authorizations of a laboratory's people and its audit trail (ISO/IEC 17025 §6.2.5 e, 6.2.6; 21 CFR 11.50). */
const authorizations: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = fastify.authorizations;

  fastify.get(
    '/accounts/:accountId',
    route('signed-in', 'As autorizações assinadas do laboratório e suas revogações (gestor; admin consulta)', {
      params: AccountParams,
      querystring: RecordsQuery,
      response: { 200: SignedRecordListSchema, ...errorResponses(401, 404) },
    }),
    async (request) => {
      const { userId } = request.query;
      const list = await service.list(request.user!, toObjectId(request.params.accountId), userId ? toObjectId(userId) : undefined);
      return { data: list.map(({ record, revokedBy }) => toSignedRecord(record, revokedBy)) };
    },
  );

  fastify.post(
    '/accounts/:accountId',
    route('signed-in', 'Assina a autorização de uma pessoa da equipe para uma atividade (só o gestor)', {
      description: `${SIGNING} Itens exigidos ainda não concluídos: 409 REQUIREMENTS_NOT_MET. Uma correção (replaces) revoga a autorização anterior.`,
      params: AccountParams,
      body: AuthorizationBody,
      response: { 201: SignedRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const { userId, activity, meaning, requiredItems = [], reason = '', replaces } = request.body;
      const record = await service.authorize(request, toObjectId(request.params.accountId), {
        userId: toObjectId(userId),
        activity,
        meaning,
        requiredItems: requiredItems.map((item) => ({ itemType: item.itemType, itemId: toObjectId(item.itemId) })),
        reason,
        replaces: replaces ? toObjectId(replaces) : null,
      });
      return reply.code(201).send(toSignedRecord(record));
    },
  );

  fastify.post(
    '/records/:recordId/revocation',
    route('signed-in', 'Assina a revogação de uma autorização em vigor (só o gestor do laboratório dela)', {
      description: `${SIGNING} Já revogada: 409 ALREADY_REVOKED.`,
      params: RecordParams,
      body: RevocationBody,
      response: { 201: SignedRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => reply.code(201).send(toSignedRecord(await service.revoke(request, toObjectId(request.params.recordId), request.body.reason))),
  );

  fastify.post(
    '/certificates/:code/revocation',
    route('admin', 'Assina a revogação de um certificado (admin, como emissor): a página pública passa a dizer Revogado', {
      description: `Assinatura eletrônica: senha digitada há no máximo ${SIGNATURE_REAUTH_MINUTES} minutos (403 REAUTHENTICATION_REQUIRED). Já revogado: 409 ALREADY_REVOKED.`,
      params: CertificateParams,
      body: RevocationBody,
      response: { 201: SignedRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => reply.code(201).send(toSignedRecord(await service.revokeCertificate(request, request.params.code, request.body.reason))),
  );

  fastify.get(
    '/accounts/:accountId/audit',
    route('signed-in', 'A trilha de auditoria do laboratório: quem fez o quê e quando (gestor; admin consulta)', {
      params: AccountParams,
      querystring: AuditQuery,
      response: { 200: AuditPageSchema, ...errorResponses(401, 404) },
    }),
    async (request) =>
      listPage(request.query, (page, limit) => service.audit(request.user!, toObjectId(request.params.accountId), page, limit), (entries) => entries.map(toAuditEntry)),
  );
};

export default authorizations;
