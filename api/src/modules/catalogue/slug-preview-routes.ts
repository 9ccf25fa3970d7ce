import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/schemas';
import { slugify } from './rules/slug';
import { SlugPreviewQuery, SlugPreviewSchema } from './schemas';
import { routeOptions } from '../../http/route-options';

const route = routeOptions(['admin']);

/**
 * GET /admin/slug-preview?text=: the address the API would store for a title or a name, by the
 * API's own rule (rules/slug.ts), so the admin's forms show what will be saved instead of
 * guessing with a rule of their own.
 */
const slugPreviewRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/slug-preview',
    route('admin', 'O endereço (slug) que a API gravaria para um título ou nome (admin; formulários de conteúdo, vídeo e categoria)', {
      description: 'A mesma regra de quando o slug não é enviado: sem acentos, minúsculas, números e hífens. Um endereço já usado ganha -2, -3… ao salvar.',
      querystring: SlugPreviewQuery,
      response: { 200: SlugPreviewSchema, ...errorResponses(401, 403) },
    }),
    async (request) => ({ slug: slugify(request.query.text) }),
  );
};

export default slugPreviewRoutes;
