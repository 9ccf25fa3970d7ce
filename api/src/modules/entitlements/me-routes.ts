import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageMeta } from '../../http/pagination';
import { withDefaults } from '../../http/query';
import { errorResponses, paginated } from '../../http/schemas';
import { contentViews, videoViews } from '../catalogue/responses';
import { toUnlockResponse } from './responses';
import { MyUnlockSchema, MyUnlocksQuery } from './schemas';

/** "Meus conteúdos" (under /me): what the member unlocked, with each item's card as the catalogue shows it. */
const meRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/unlocks',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['unlocks'],
        summary: '"Meus conteúdos": o que o membro desbloqueou, mais recentes primeiro, com o cartão do item',
        querystring: MyUnlocksQuery,
        response: { 200: paginated(MyUnlockSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { page, limit, itemType } = withDefaults(request.query, 'page', 'limit');
      const { data, total } = await fastify.unlocksService.listForUser(request.user!._id, page, limit, itemType);
      const idsOf = (type: string) => data.filter((unlock) => unlock.itemType === type).map((unlock) => unlock.itemId);
      const [contents, videos] = await Promise.all([
        fastify.contentsRepository.findByIds(idsOf('CONTENT'), true).then((items) => contentViews(fastify, request, items)),
        fastify.videosRepository.findByIds(idsOf('VIDEO'), true).then((items) => videoViews(fastify, request, items)),
      ]);
      const contentById = new Map(contents.map((content) => [content._id, content]));
      const videoById = new Map(videos.map((video) => [video._id, video]));
      return {
        data: data.map((unlock) => {
          const id = unlock.itemId.toHexString();
          return {
            ...toUnlockResponse(unlock),
            content: unlock.itemType === 'CONTENT' ? (contentById.get(id) ?? null) : null,
            video: unlock.itemType === 'VIDEO' ? (videoById.get(id) ?? null) : null,
          };
        }),
        meta: pageMeta(page, limit, total),
      };
    },
  );
};

export default meRoutes;
