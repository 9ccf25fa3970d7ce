import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { BannerDocument } from './documents';
import { badRequest, notFound } from '../../http/app-error';
import type { BannerFields } from './banners-repository';
import {
  BannerListQuery,
  BannerSchema,
  CreateBannerBody,
  ReorderBannersBody,
  UpdateBannerBody,
  type BannerResponse,
} from './schemas';
import { errorResponses, IdParams, paginated } from '../../http/schemas';
import { listPage } from '../../http/pagination';
import { found, routeOptions } from '../../http/route-options';

const route = routeOptions(['banners']);
const bannerNotFound = () => notFound('Banner não encontrado.', 'BANNER_NOT_FOUND');

function toBannerResponse(fastify: FastifyInstance, request: FastifyRequest, banner: BannerDocument): BannerResponse {
  return {
    _id: banner._id.toHexString(),
    title: banner.title,
    imageUrl: fastify.fileUrls.absolute(request, banner.imageUrl),
    linkUrl: banner.linkUrl,
    order: banner.order,
    active: banner.active,
    startsAt: banner.startsAt ? banner.startsAt.toISOString() : null,
    endsAt: banner.endsAt ? banner.endsAt.toISOString() : null,
    live: fastify.bannersRepository.isLive(banner),
    createdAt: banner.createdAt.toISOString(),
    updatedAt: banner.updatedAt.toISOString(),
  };
}

const toDate = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

function assertWindow(startsAt: Date | null, endsAt: Date | null): void {
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    throw badRequest('O fim da exibição precisa ser depois do início.', 'INVALID_WINDOW');
  }
}

/** Home page banners: the public sees the live ones; admins manage all of them and their order. */
const banners: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.bannersRepository;
  const send = (request: FastifyRequest, banner: BannerDocument) => toBannerResponse(fastify, request, banner);

  fastify.get(
    '/',
    route('public', 'Banners ativos dentro da janela de exibição, em ordem', {
      querystring: BannerListQuery,
      response: { 200: paginated(BannerSchema), ...errorResponses() },
    }),
    // The same for everyone (no token read): one kept answer per URL, until a banner changes or a second passes.
    (request, reply) =>
      fastify.responseCache.read(request, reply, {
        topic: 'catalogue',
        build: () => listPage(request.query, (page, limit) => repository.listLive(page, limit), (rows) => rows.map((banner) => send(request, banner))),
        scopeOf: () => true,
        variantOf: async () => '',
        changesAt: (now) => repository.nextWindowChange(now),
      }),
  );

  fastify.get(
    '/all',
    route('admin', 'Todos os banners, inclusive inativos, agendados e expirados (admin)', {
      querystring: BannerListQuery,
      response: { 200: paginated(BannerSchema), ...errorResponses(401, 403) },
    }),
    async (request) => {
      return listPage(request.query, (page, limit) => repository.listAll(page, limit), (rows) => rows.map((banner) => send(request, banner)));
    },
  );

  fastify.get(
    '/:id',
    route('admin', 'Um banner (admin)', {
      params: IdParams,
      response: { 200: BannerSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => send(request, found(await repository.findById(request.params.id), bannerNotFound)),
  );

  fastify.post(
    '/',
    route('admin', 'Cria um banner (admin)', {
      body: CreateBannerBody,
      response: { 201: BannerSchema, ...errorResponses(401, 403) },
    }),
    async (request, reply) => {
      const input = request.body;
      const startsAt = toDate(input.startsAt) ?? null;
      const endsAt = toDate(input.endsAt) ?? null;
      assertWindow(startsAt, endsAt);
      const banner = await repository.create({
        title: input.title.trim(),
        imageUrl: input.imageUrl,
        linkUrl: input.linkUrl ?? null,
        order: input.order,
        active: input.active ?? true,
        startsAt,
        endsAt,
      });
      return reply.code(201).send(send(request, banner));
    },
  );

  fastify.patch(
    '/order',
    route('admin', 'Reordena os banners (admin): os ids na nova ordem', {
      body: ReorderBannersBody,
      response: { 200: Type.Object({ data: Type.Array(BannerSchema) }), ...errorResponses(401, 403) },
    }),
    async (request) => ({ data: (await repository.reorder(request.body.ids)).map((banner) => send(request, banner)) }),
  );

  fastify.patch(
    '/:id',
    route('admin', 'Altera um banner (admin)', {
      params: IdParams,
      body: UpdateBannerBody,
      response: { 200: BannerSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const current = found(await repository.findById(request.params.id), bannerNotFound);
      const { startsAt, endsAt, title, ...rest } = request.body;
      const changes: Partial<BannerFields> = { ...rest };
      if (title !== undefined) changes.title = title.trim();
      if (startsAt !== undefined) changes.startsAt = toDate(startsAt)!;
      if (endsAt !== undefined) changes.endsAt = toDate(endsAt)!;
      assertWindow(changes.startsAt === undefined ? current.startsAt : changes.startsAt, changes.endsAt === undefined ? current.endsAt : changes.endsAt);
      const banner = found(await repository.update(request.params.id, changes), bannerNotFound);
      return send(request, banner);
    },
  );

  fastify.delete(
    '/:id',
    route('admin', 'Exclui um banner (admin)', {
      params: IdParams,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      if (!(await repository.delete(request.params.id))) throw bannerNotFound();
      return reply.code(204).send(null);
    },
  );
};

export default banners;
