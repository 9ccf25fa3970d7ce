import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { VideoDocument } from '../../db/catalogue';
import { notFound } from '../../errors/app-error';
import {
  VideoSchema,
  CreateVideoBody,
  IdOrSlugParams,
  ItemListQuery,
  UpdateVideoBody,
} from '../../schemas/catalogue';
import { errorResponses, IdParams, NoQuery, pageMeta, paginated } from '../../schemas/common';
import { assertCategoryExists, assertFilesExist } from '../../services/catalogue-admin';
import { resolveCreditCost, resolvePublication } from '../../services/catalogue-items';
import { videoViews } from '../../services/catalogue-views';

const tags = ['videos'];
const videoNotFound = () => notFound('Vídeo não encontrado.', 'VIDEO_NOT_FOUND');

/**
 * Videos: anyone lists the cards; the source (a signed, range-capable link for MP4 files, the
 * address for YouTube / Vimeo) only reaches those the gate lets through, as for contents.
 */
const videos: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.videosRepository;
  const now = () => fastify.clock.now();

  fastify.get(
    '/',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Vídeos (cartões, sem fonte), mais recentes primeiro; token opcional',
        querystring: ItemListQuery,
        response: { 200: paginated(VideoSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { page = 1, limit = 10, sort = 'newest', ...filters } = request.query;
      const isAdmin = request.user?.role === 'ADMIN';
      const { data, total } = await repository.list({ page, limit, sort, ...filters, publishedOnly: !isAdmin });
      return { data: await videoViews(fastify, request, data), meta: pageMeta(page, limit, total) };
    },
  );

  fastify.get(
    '/:idOrSlug',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Um vídeo pelo id ou slug; a fonte (link assinado para MP4) só com acesso',
        params: IdOrSlugParams,
        querystring: NoQuery,
        response: { 200: VideoSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const content = await repository.findByIdOrSlug(request.params.idOrSlug, request.user?.role !== 'ADMIN');
      if (!content) throw videoNotFound();
      const [view] = await videoViews(fastify, request, [content], true);
      return view!;
    },
  );

  fastify.post(
    '/',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Cria um vídeo (admin); PUBLISHED sem publishedAt publica agora',
        querystring: NoQuery,
        body: CreateVideoBody,
        response: { 201: VideoSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const categoryId = await assertCategoryExists(fastify, input.categoryId);
      if (input.source.kind === 'file') await assertFilesExist(fastify, [input.source.url]);
      const content = await repository.insert({
        title: input.title.trim(),
        slug: input.slug,
        description: input.description?.trim() ?? '',
        source: input.source,
        durationSeconds: input.durationSeconds,
        thumbnailUrl: input.thumbnailUrl ?? null,
        categoryId,
        access: input.access,
        creditCost: resolveCreditCost(input.access, input.creditCost, undefined),
        ...resolvePublication(null, input, now()),
      });
      const [view] = await videoViews(fastify, request, [content], true);
      return reply.code(201).send(view!);
    },
  );

  fastify.patch(
    '/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Altera um vídeo (admin); rascunho → publicado define publishedAt',
        params: IdParams,
        querystring: NoQuery,
        body: UpdateVideoBody,
        response: { 200: VideoSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const current = await repository.findById(request.params.id);
      if (!current) throw videoNotFound();
      const { categoryId, source, access, creditCost, status, publishedAt, title, description, ...rest } = request.body;
      const changes: Partial<VideoDocument> = { ...rest };
      if (title !== undefined) changes.title = title.trim();
      if (description !== undefined) changes.description = description.trim();
      if (categoryId !== undefined) changes.categoryId = await assertCategoryExists(fastify, categoryId);
      if (source !== undefined) {
        if (source.kind === 'file') await assertFilesExist(fastify, [source.url]);
        changes.source = source;
      }
      if (access !== undefined || creditCost !== undefined) {
        changes.access = access ?? current.access;
        changes.creditCost = resolveCreditCost(changes.access, creditCost, access === undefined || access === current.access ? current.creditCost : undefined);
      }
      if (status !== undefined || publishedAt !== undefined) Object.assign(changes, resolvePublication(current, { status, publishedAt }, now()));
      const content = await repository.update(current._id, changes);
      if (!content) throw videoNotFound();
      const [view] = await videoViews(fastify, request, [content], true);
      return view!;
    },
  );

  fastify.delete(
    '/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Exclui um vídeo (admin); os desbloqueios ficam no histórico do membro',
        params: IdParams,
        querystring: NoQuery,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await repository.delete(request.params.id))) throw videoNotFound();
      return reply.code(204).send(null);
    },
  );
};

export default videos;
