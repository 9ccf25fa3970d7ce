import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../http/app-error';
import {
  CategoryListQuery,
  CategorySchema,
  CreateCategoryBody,
  IdOrSlugParams,
  ReorderCategoriesBody,
  UpdateCategoryBody,
} from './schemas';
import { errorResponses, IdParams, paginated } from '../../http/schemas';
import { listPage } from '../../http/pagination';
import { toCategoryResponse } from './responses';
import { found, noContent, routeOptions } from '../../http/route-options';

const route = routeOptions(['categories']);
const categoryNotFound = () => notFound('Categoria não encontrada.', 'CATEGORY_NOT_FOUND');

const categories: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.categoriesRepository;

  fastify.get(
    '/',
    route('public', 'Categorias, na ordem definida pelos administradores', {
      querystring: CategoryListQuery,
      response: { 200: paginated(CategorySchema), ...errorResponses() },
    }),
    // The same for everyone (no token read): one kept answer per URL, until the catalogue changes or a second passes.
    (request, reply) =>
      fastify.responseCache.read(request, reply, {
        topic: 'catalogue',
        build: () => listPage(request.query, (page, limit) => repository.list(page, limit), (rows) => rows.map(toCategoryResponse)),
        scopeOf: () => true,
        variantOf: async () => '',
        changesAt: async () => null,
      }),
  );

  fastify.get(
    '/:idOrSlug',
    route('public', 'Uma categoria pelo id ou slug', {
      params: IdOrSlugParams,
      response: { 200: CategorySchema, ...errorResponses(404) },
    }),
    async (request) => toCategoryResponse(found(await repository.findByIdOrSlug(request.params.idOrSlug), categoryNotFound)),
  );

  fastify.post(
    '/',
    route('admin', 'Cria uma categoria (admin); slug único, gerado do nome se ausente', {
      body: CreateCategoryBody,
      response: { 201: CategorySchema, ...errorResponses(401, 403, 409) },
    }),
    async (request, reply) => reply.code(201).send(toCategoryResponse(await repository.create(request.body))),
  );

  fastify.patch(
    '/order',
    route('admin', 'Reordena as categorias (admin): os ids na nova ordem; as omitidas vêm depois, na ordem em que estavam', {
      body: ReorderCategoriesBody,
      response: { 200: Type.Object({ data: Type.Array(CategorySchema) }), ...errorResponses(401, 403) },
    }),
    async (request) => ({ data: (await repository.reorder(request.body.ids)).map(toCategoryResponse) }),
  );

  fastify.patch(
    '/:id',
    route('admin', 'Altera nome, slug ou ordem de uma categoria (admin)', {
      params: IdParams,
      body: UpdateCategoryBody,
      response: { 200: CategorySchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => toCategoryResponse(found(await repository.update(request.params.id, request.body), categoryNotFound)),
  );

  fastify.delete(
    '/:id',
    route('admin', 'Exclui uma categoria sem conteúdos nem vídeos (admin); em uso: 409', {
      params: IdParams,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
    }),
    async (request, reply) => noContent(reply, repository.delete(request.params.id)),
  );
};

export default categories;
