import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ContentDocument } from '../../db/catalogue';
import { notFound } from '../../errors/app-error';
import {
  ContentSchema,
  CreateContentBody,
  IdOrSlugParams,
  ItemListQuery,
  UpdateContentBody,
} from '../../schemas/catalogue';
import { errorResponses, IdParams, NoQuery, pageMeta, paginated } from '../../schemas/common';
import { assertCategoryExists, assertFilesExist } from '../../services/catalogue-admin';
import { resolveCreditCost, resolvePublication } from '../../services/catalogue-items';
import { contentViews } from '../../services/catalogue-views';

const tags = ['contents'];
const contentNotFound = () => notFound('Conteúdo não encontrado.', 'CONTENT_NOT_FOUND');

/**
 * Contents: anyone lists the cards; the body and the attachments only reach those the gate lets
 * through (FREE: signed-in members, SUBSCRIBERS: ACTIVE subscription, CREDITS: unlocked).
 * Members and visitors see published items only; admins see and manage everything.
 */
const contents: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.contentsRepository;
  const now = () => fastify.clock.now();

  fastify.get(
    '/',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Conteúdos (cartões, sem corpo), mais recentes primeiro; token opcional',
        querystring: ItemListQuery,
        response: { 200: paginated(ContentSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { page = 1, limit = 10, sort = 'newest', ...filters } = request.query;
      const isAdmin = request.user?.role === 'ADMIN';
      const { data, total } = await repository.list({ page, limit, sort, ...filters, publishedOnly: !isAdmin });
      return { data: await contentViews(fastify, request, data), meta: pageMeta(page, limit, total) };
    },
  );

  fastify.get(
    '/:idOrSlug',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Um conteúdo pelo id ou slug; corpo e anexos (links assinados) só com acesso',
        params: IdOrSlugParams,
        querystring: NoQuery,
        response: { 200: ContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const content = await repository.findByIdOrSlug(request.params.idOrSlug, request.user?.role !== 'ADMIN');
      if (!content) throw contentNotFound();
      const [view] = await contentViews(fastify, request, [content], true);
      return view!;
    },
  );

  fastify.post(
    '/',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Cria um conteúdo (admin); PUBLISHED sem publishedAt publica agora',
        querystring: NoQuery,
        body: CreateContentBody,
        response: { 201: ContentSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const categoryId = await assertCategoryExists(fastify, input.categoryId);
      const attachments = input.attachments ?? [];
      await assertFilesExist(fastify, attachments.map((attachment) => attachment.key));
      const content = await repository.insert({
        title: input.title.trim(),
        slug: input.slug,
        summary: input.summary.trim(),
        body: input.body,
        categoryId,
        coverUrl: input.coverUrl ?? null,
        attachments,
        access: input.access,
        creditCost: resolveCreditCost(input.access, input.creditCost, undefined),
        ...resolvePublication(null, input, now()),
      });
      const [view] = await contentViews(fastify, request, [content], true);
      return reply.code(201).send(view!);
    },
  );

  fastify.patch(
    '/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Altera um conteúdo (admin); rascunho → publicado define publishedAt',
        params: IdParams,
        querystring: NoQuery,
        body: UpdateContentBody,
        response: { 200: ContentSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const current = await repository.findById(request.params.id);
      if (!current) throw contentNotFound();
      const { categoryId, attachments, access, creditCost, status, publishedAt, title, summary, ...rest } = request.body;
      const changes: Partial<ContentDocument> = { ...rest };
      if (title !== undefined) changes.title = title.trim();
      if (summary !== undefined) changes.summary = summary.trim();
      if (categoryId !== undefined) changes.categoryId = await assertCategoryExists(fastify, categoryId);
      if (attachments !== undefined) {
        await assertFilesExist(fastify, attachments.map((attachment) => attachment.key));
        changes.attachments = attachments;
      }
      if (access !== undefined || creditCost !== undefined) {
        changes.access = access ?? current.access;
        changes.creditCost = resolveCreditCost(changes.access, creditCost, access === undefined || access === current.access ? current.creditCost : undefined);
      }
      if (status !== undefined || publishedAt !== undefined) Object.assign(changes, resolvePublication(current, { status, publishedAt }, now()));
      const content = await repository.update(current._id, changes);
      if (!content) throw contentNotFound();
      const [view] = await contentViews(fastify, request, [content], true);
      return view!;
    },
  );

  fastify.delete(
    '/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Exclui um conteúdo (admin); os desbloqueios ficam no histórico do membro',
        params: IdParams,
        querystring: NoQuery,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await repository.delete(request.params.id))) throw contentNotFound();
      return reply.code(204).send(null);
    },
  );
};

export default contents;
