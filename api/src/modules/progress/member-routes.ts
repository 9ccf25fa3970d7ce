import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listPage } from '../../http/pagination';
import { errorResponses, IdParams, paginated } from '../../http/schemas';
import { toObjectId } from '../../store/object-id';
import { userNotFound } from '../users/errors';
import { MemberProgressQuery, MemberProgressSchema } from './schemas';
import { routeOptions } from '../../http/route-options';

const route = routeOptions(['users']);

/** The admin's member page (under /users): the videos the member started or finished. */
const memberRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:id/progress',
    route('admin', 'Vídeos que um membro começou ou terminou, com o progresso (admin, página do membro)', {
      params: IdParams,
      querystring: MemberProgressQuery,
      response: { 200: paginated(MemberProgressSchema), ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      if (!(await fastify.usersRepository.existsById(request.params.id))) throw userNotFound();
      const load = (page: number, limit: number) => fastify.progressRepository.pageForUser(toObjectId(request.params.id), page, limit);
      return listPage(request.query, load, async (rows) => {
        const videos = await fastify.videosRepository.findByIds(
          rows.map((row) => row.videoId),
          false,
        );
        const byId = new Map(videos.map((video) => [video._id.toHexString(), video]));
        return rows.map((row) => {
          const video = byId.get(row.videoId.toHexString());
          return {
            videoId: row.videoId.toHexString(),
            title: video?.title ?? null,
            durationSeconds: video?.durationSeconds ?? null,
            watchedSeconds: row.watchedSeconds,
            finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
          };
        });
      });
    },
  );
};

export default memberRoutes;
