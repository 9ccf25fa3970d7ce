import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOptions } from '../../http/route-options';
import { errorResponses } from '../../http/schemas';
import { toObjectId } from '../../store/object-id';
import { toFunction, toTrailLine } from './responses';
import { AccountParams, AssigneeParams, FunctionBody, FunctionListSchema, FunctionSchema, TrailSchema } from './schemas';

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
    async (request, reply) => {
      const { name, description = '', requirements, dueDays = 30 } = request.body;
      const created = await service.createFunction(request.user!, toObjectId(request.params.accountId), {
        name,
        description,
        dueDays,
        requirements: requirements.map((requirement) => ({
          itemType: requirement.itemType,
          itemId: toObjectId(requirement.itemId),
          validityMonths: requirement.validityMonths ?? null,
        })),
      });
      return reply.code(201).send(toFunction(created));
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
