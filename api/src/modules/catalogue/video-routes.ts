import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { catalogueItemRoutes } from './catalogue-item-routes';
import { VIDEO_KIND } from './catalogue-item-kinds';
import transcriptRoutes from './transcript-routes';

/** Videos: the shared catalogue-item routes (services/catalogue-item-routes.ts) for VIDEO_KIND, plus transcripts. */
const videos: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(catalogueItemRoutes(VIDEO_KIND));
  await fastify.register(transcriptRoutes);
};

export default videos;
