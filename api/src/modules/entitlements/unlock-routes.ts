import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/schemas';
import { UnlockBody, UnlockResultSchema } from './schemas';
import { toUnlockResponse } from './responses';
import { routeOptions } from '../../http/route-options';

const route = routeOptions(['unlocks']);

/** A member with an ACTIVE subscription spends credits on a CREDITS item, once per item. */
const unlocks: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/',
    route('signed-in', 'Desbloqueia um conteúdo ou vídeo com créditos (assinatura ativa); de novo: 200 sem cobrar', {
      description:
        '201: créditos debitados (balance − creditCost, used + creditCost). 200: já estava desbloqueado. ' +
        '409 INSUFFICIENT_CREDITS: a mensagem traz o saldo. 403 SUBSCRIPTION_REQUIRED: sem assinatura ativa.',
      body: UnlockBody,
      response: { 200: UnlockResultSchema, 201: UnlockResultSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const result = await fastify.unlocksService.unlock(request.user!, request.body.itemType, request.body.itemId);
      return reply.code(result.charged ? 201 : 200).send({ ...result, unlock: toUnlockResponse(result.unlock) });
    },
  );
};

export default unlocks;
