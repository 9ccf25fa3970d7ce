import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listPage } from '../../http/pagination';
import { errorResponses, IdParams, paginated } from '../../http/schemas';
import { toObjectId } from '../../store/object-id';
import { userNotFound } from '../users/errors';
import { toUnlockResponse } from './responses';
import { MemberUnlockSchema, MyUnlocksQuery } from './schemas';
import { routeOptions } from '../../http/route-options';

const route = routeOptions(['users']);

/** The admin's member page (under /users): what the member unlocked. */
const memberRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:id/unlocks',
    route('admin', 'O que um membro desbloqueou, mais recentes primeiro, com o título do item (admin, página do membro)', {
      params: IdParams,
      querystring: MyUnlocksQuery,
      response: { 200: paginated(MemberUnlockSchema), ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      if (!(await fastify.usersRepository.existsById(request.params.id))) throw userNotFound();
      const load = (page: number, limit: number) => fastify.unlocksService.listForUser(toObjectId(request.params.id), page, limit, request.query.itemType);
      return listPage(request.query, load, async (rows) => {
        const idsOf = (type: string) => rows.filter((unlock) => unlock.itemType === type).map((unlock) => unlock.itemId);
        const [contents, videos] = await Promise.all([
          fastify.contentsRepository.findByIds(idsOf('CONTENT'), false),
          fastify.videosRepository.findByIds(idsOf('VIDEO'), false),
        ]);
        const titles = new Map([...contents, ...videos].map((item) => [item._id.toHexString(), item.title]));
        return rows.map((unlock) => ({ ...toUnlockResponse(unlock), title: titles.get(unlock.itemId.toHexString()) ?? null }));
      });
    },
  );
};

export default memberRoutes;
