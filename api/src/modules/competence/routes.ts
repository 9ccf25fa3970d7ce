import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { found, routeOptions } from '../../http/route-options';
import { notFound } from '../../http/app-error';
import { perUserReadLimit } from '../../plugins/rate-limit';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../../http/schemas';
import { toObjectId } from '../../store/object-id';
import { toFunction, toMatrix, toTrailLine } from './responses';
import { AccountParams, AssigneeParams, FunctionParams, ExportParams, ExportSchema, FunctionBody, FunctionListSchema, FunctionSchema, MatrixSchema, PersonParams, TrailSchema } from './schemas';
import { dossierCsv, dossierPdf, matrixCsv, matrixPdf } from './dossier-files';
import { loadDossier, registerExport } from './use-cases/dossier';
import type { FunctionInput } from './competence-service';
import type { Static } from 'typebox';

/** The body of a function as the service takes it (the ids as ObjectIds, the defaults filled in). */
const functionInput = ({ name, description = '', requirements, dueDays = 30 }: Static<typeof FunctionBody>): FunctionInput => ({
  name,
  description,
  dueDays,
  requirements: requirements.map((requirement) => ({
    itemType: requirement.itemType,
    itemId: toObjectId(requirement.itemId),
    validityMonths: requirement.validityMonths ?? null,
  })),
});

const route = routeOptions(['competence']);

/** A laboratory's functions and who holds them (ISO/IEC 17025 §6.2.2, 6.2.5 b): its manager changes them; an admin reads. */
export const competenceRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = fastify.competence;

  fastify.get(
    '/accounts/:accountId/functions',
    route('signed-in', 'As funções do laboratório, o que cada uma exige e quem as exerce (gestor do laboratório; admin consulta)', {
      params: AccountParams,
      response: { 200: FunctionListSchema, ...errorResponses(401, 404) },
    }),
    async (request) => ({ data: (await service.listFunctions(request.user!, toObjectId(request.params.accountId))).map(toFunction) }),
  );

  fastify.post(
    '/accounts/:accountId/functions',
    route('signed-in', 'Cria uma função do laboratório com os itens exigidos e a validade de cada um (só o gestor)', {
      description: 'Nome repetido no laboratório: 409 FUNCTION_NAME_TAKEN; item fora do catálogo: 400 ITEM_NOT_FOUND; admin: 403 MANAGER_ONLY.',
      params: AccountParams,
      body: FunctionBody,
      response: { 201: FunctionSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => reply.code(201).send(toFunction(await service.createFunction(request.user!, toObjectId(request.params.accountId), functionInput(request.body)))),
  );

  fastify.put(
    '/accounts/:accountId/functions/:functionId',
    route('signed-in', 'Altera o nome, a descrição, os itens exigidos, a validade e o prazo de uma função (só o gestor); quem a exerce continua', {
      description: 'As mesmas recusas da criação; função arquivada ou de outro laboratório: 404 FUNCTION_NOT_FOUND.',
      params: FunctionParams,
      body: FunctionBody,
      response: { 200: FunctionSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const { accountId, functionId } = request.params;
      return toFunction(await service.updateFunction(request.user!, toObjectId(accountId), toObjectId(functionId), functionInput(request.body)));
    },
  );

  fastify.delete(
    '/accounts/:accountId/functions/:functionId',
    route('signed-in', 'Arquiva uma função (só o gestor): sai da lista, da trilha e da matriz; quem a exercia deixa de exercê-la; os registros ficam', {
      params: FunctionParams,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      await service.archiveFunction(request.user!, toObjectId(request.params.accountId), toObjectId(request.params.functionId));
      return reply.code(204).send(null);
    },
  );

  fastify.put(
    '/accounts/:accountId/functions/:functionId/assignees/:userId',
    route('signed-in', 'Atribui a função a uma pessoa da equipe (só o gestor); atribuir de novo não muda nada', {
      description: 'A pessoa precisa ocupar um assento do laboratório (400 NOT_A_TEAM_MEMBER).',
      params: AssigneeParams,
      response: { 200: FunctionSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      const { accountId, functionId, userId } = request.params;
      return toFunction(await service.assign(request.user!, toObjectId(accountId), toObjectId(functionId), toObjectId(userId)));
    },
  );

  fastify.delete(
    '/accounts/:accountId/functions/:functionId/assignees/:userId',
    route('signed-in', 'Retira a função de uma pessoa (só o gestor); o que ela concluiu continua no dossiê', {
      description: 'A pessoa não exerce a função: 404 NOT_ASSIGNED.',
      params: AssigneeParams,
      response: { 200: FunctionSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const { accountId, functionId, userId } = request.params;
      return toFunction(await service.unassign(request.user!, toObjectId(accountId), toObjectId(functionId), toObjectId(userId)));
    },
  );

  fastify.get(
    '/accounts/:accountId/matrix',
    route('signed-in', 'A matriz do laboratório: pessoas × requisitos das suas funções, situação de cada um e % em dia (gestor; admin consulta)', {
      params: AccountParams,
      response: { 200: MatrixSchema, ...errorResponses(401, 404) },
    }),
    async (request) => toMatrix(await service.matrix(request.user!, toObjectId(request.params.accountId))),
  );

  fastify.get(
    '/accounts/:accountId/matrix.csv',
    route('signed-in', 'A matriz do laboratório em CSV: uma linha por pessoa e requisito (gestor; admin consulta)', {
      params: AccountParams,
      produces: ['text/csv'],
      response: { 200: Type.String({ description: 'CSV (UTF-8 com BOM, separador ponto e vírgula)' }), ...errorResponses(401, 404) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const rows = await service.matrix(request.user!, toObjectId(request.params.accountId));
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="matriz-de-competencia.csv"')
        .header('cache-control', 'no-store')
        .send(matrixCsv(rows));
    },
  );

  fastify.get(
    '/accounts/:accountId/matrix.pdf',
    route('signed-in', 'A matriz do laboratório em PDF: % em dia do laboratório e por pessoa, e cada pessoa × requisito com a situação (gestor; admin consulta)', {
      params: AccountParams,
      produces: ['application/pdf'],
      response: { 200: Type.String({ description: 'PDF', contentMediaType: 'application/pdf' }), ...errorResponses(401, 404) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const accountId = toObjectId(request.params.accountId);
      const account = await service.laboratory(request.user!, accountId, 'read');
      const pdf = await matrixPdf(account, await service.matrix(request.user!, accountId), { at: fastify.clock.now(), byName: request.user!.name });
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="matriz-de-competencia.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  // The dossier files and their public check (dossierRoutes below).
  await fastify.register(dossierRoutes);
};

/** A file name part from a person's name: "dossie-nguyen-thi-anh". */
const fileSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'pessoa';

/** Where a dossier's hash is checked: the public verification route of this API. */
const verifyUrl = (request: FastifyRequest, origin: string | undefined, id: string) => `${origin ?? `${request.protocol}://${request.host}`}/v1/competence/exports/${id}`;

/** A dossier file as a download, never cached, with the SHA-256 of its data in `x-clube-sha256`. */
const sendDossierFile = (reply: FastifyReply, type: string, fileName: string, sha256: string, body: Buffer) =>
  reply.type(type).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').header('x-clube-sha256', sha256).send(body);

const DOSSIER_WHO = 'gestor do laboratório, admin ou a própria pessoa; outra pessoa: 404';

/** The dossier of one person (CSV and PDF) and the public check of a dossier's SHA-256. */
const dossierRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const people = '/accounts/:accountId/people/:userId';
  const load = (request: FastifyRequest, params: { accountId: string; userId: string }) =>
    loadDossier(fastify, request, toObjectId(params.accountId), toObjectId(params.userId));

  fastify.get(
    `${people}/dossier.csv`,
    route('signed-in', `O dossiê de competência de uma pessoa em CSV (${DOSSIER_WHO})`, {
      description: 'Uma linha por requisito e por autorização; UTF-8 com BOM, separador ponto e vírgula. O cabeçalho x-clube-sha256 traz o SHA-256 do arquivo.',
      params: PersonParams,
      produces: ['text/csv'],
      response: { 200: Type.String({ description: 'CSV' }), ...errorResponses(401, 404) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const dossier = await load(request, request.params);
      const { csv, sha256 } = await dossierCsv(dossier);
      await registerExport(fastify, request, dossier, 'CSV', sha256);
      return sendDossierFile(reply as FastifyReply, 'text/csv; charset=utf-8', `dossie-${fileSlug(dossier.person.name)}.csv`, sha256, csv);
    },
  );

  fastify.get(
    `${people}/dossier.pdf`,
    route('signed-in', `O dossiê de competência de uma pessoa em PDF, com o SHA-256 do conteúdo e o endereço para conferi-lo (${DOSSIER_WHO})`, {
      params: PersonParams,
      produces: ['application/pdf'],
      response: { 200: Type.String({ description: 'PDF', contentMediaType: 'application/pdf' }), ...errorResponses(401, 404) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const dossier = await load(request, request.params);
      const { sha256 } = await dossierCsv(dossier);
      const exported = await registerExport(fastify, request, dossier, 'PDF', sha256);
      const pdf = await dossierPdf(dossier, sha256, verifyUrl(request, fastify.config.publicApiUrl, exported._id.toHexString()));
      return sendDossierFile(reply as FastifyReply, 'application/pdf', `dossie-${fileSlug(dossier.person.name)}.pdf`, sha256, pdf);
    },
  );

  fastify.get(
    '/exports/:exportId',
    route('public', 'Confere um dossiê entregue (público): laboratório, pessoa, quem gerou, quando e o SHA-256 impresso', {
      params: ExportParams,
      response: { 200: ExportSchema, ...errorResponses(404) },
    }),
    async (request) => {
      const exported = found(await fastify.exportsRepository.findById(toObjectId(request.params.exportId)), () =>
        notFound('Dossiê não encontrado. Confira o endereço impresso no PDF.', 'EXPORT_NOT_FOUND'),
      );
      return {
        id: exported._id.toHexString(),
        format: exported.format,
        laboratoryName: exported.laboratoryName,
        subjectName: exported.subjectName,
        sha256: exported.sha256,
        generatedAt: exported.generatedAt.toISOString(),
        generatedByName: exported.generatedByName,
      };
    },
  );
};

/** "Minha trilha" (under /me). */
export const trailRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/',
    route('signed-in', 'Minha trilha: o que as minhas funções exigem, o que fiz, o que vence e o que está devido', {
      response: { 200: TrailSchema, ...errorResponses(401) },
    }),
    async (request) => ({ data: (await fastify.competence.trail(request.user!._id)).map(toTrailLine) }),
  );
};
