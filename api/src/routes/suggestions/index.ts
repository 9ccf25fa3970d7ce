import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UserDocument } from '../../db/collections';
import type { SuggestionDocument } from '../../db/catalogue';
import { errorResponses, IdParams, NoQuery, pageMeta, paginated } from '../../schemas/common';
import {
  CreateSuggestionBody,
  SuggestionListQuery,
  SuggestionSchema,
  UpdateSuggestionBody,
  type SuggestionResponse,
} from '../../schemas/suggestions';

const tags = ['suggestions'];

function toSuggestionResponse(suggestion: SuggestionDocument, author: UserDocument | null | undefined): SuggestionResponse {
  return {
    _id: suggestion._id.toHexString(),
    userId: suggestion.userId.toHexString(),
    user: author ? { _id: author._id.toHexString(), name: author.name, email: author.email } : null,
    subject: suggestion.subject,
    message: suggestion.message,
    status: suggestion.status,
    createdAt: suggestion.createdAt.toISOString(),
    updatedAt: suggestion.updatedAt.toISOString(),
  };
}

/** Members send suggestions (a few per hour); admins read them and move them NEW → READ → DONE. */
const suggestions: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.suggestionsRepository;
  const users = fastify.usersRepository;

  fastify.post(
    '/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Envia uma sugestão (membro); até 5 por hora',
        querystring: NoQuery,
        body: CreateSuggestionBody,
        response: { 201: SuggestionSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const suggestion = await repository.create(user._id, request.body.subject, request.body.message);
      return reply.code(201).send(toSuggestionResponse(suggestion, user));
    },
  );

  fastify.get(
    '/',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Sugestões, mais recentes primeiro, com filtro de status (admin)',
        querystring: SuggestionListQuery,
        response: { 200: paginated(SuggestionSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { page = 1, limit = 10, status } = request.query;
      const { data, total } = await repository.list(page, limit, status);
      const authors = await users.findByIds(data.map((suggestion) => suggestion.userId));
      const byId = new Map(authors.map((author) => [author._id.toHexString(), author]));
      return {
        data: data.map((suggestion) => toSuggestionResponse(suggestion, byId.get(suggestion.userId.toHexString()))),
        meta: pageMeta(page, limit, total),
      };
    },
  );

  fastify.patch(
    '/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Muda o status de uma sugestão (admin): NEW → READ → DONE',
        params: IdParams,
        querystring: NoQuery,
        body: UpdateSuggestionBody,
        response: { 200: SuggestionSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const suggestion = await repository.changeStatus(request.params.id, request.body.status);
      const author = await users.findById(suggestion.userId);
      return toSuggestionResponse(suggestion, author);
    },
  );
};

export default suggestions;
