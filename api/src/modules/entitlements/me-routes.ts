import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listPage } from '../../http/pagination';
import { errorResponses, paginated } from '../../http/schemas';
import { cardsOf } from '../catalogue/responses';
import { toUnlockResponse } from './responses';
import { MyUnlockSchema, MyUnlocksQuery } from './schemas';
import { routeOptions } from '../../http/route-options';

const route = routeOptions(['unlocks']);

/** "Meus conteúdos" (under /me): what the member unlocked, with each item's card as the catalogue shows it. */
const meRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/unlocks',
    route('signed-in', '"Meus conteúdos": o que o membro desbloqueou, mais recentes primeiro, com o cartão do item', {
      querystring: MyUnlocksQuery,
      response: { 200: paginated(MyUnlockSchema), ...errorResponses(401, 403) },
    }),
    async (request) => {
      const load = (page: number, limit: number) => fastify.unlocksService.listForUser(request.user!._id, page, limit, request.query.itemType);
      return listPage(request.query, load, async (rows) => {
        const cards = await cardsOf(fastify, request, rows.map((unlock) => ({ type: unlock.itemType, id: unlock.itemId })));
        return rows.map((unlock) => ({
          ...toUnlockResponse(unlock),
          content: cards.content(unlock.itemType, unlock.itemId),
          video: cards.video(unlock.itemType, unlock.itemId),
        }));
      });
    },
  );
};

export default meRoutes;
