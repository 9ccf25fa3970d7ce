import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ObjectId } from 'mongodb';
import type { SuggestionDocument } from './documents';
import type { UserDocument } from '../users/documents';
import { badRequest, notFound } from '../../http/app-error';
import { errorResponses, IdParams, paginated } from '../../http/schemas';
import { listPage } from '../../http/pagination';
import {
  CreateSuggestionBody,
  MemberSuggestionListQuery,
  MemberSuggestionSchema,
  SuggestionListQuery,
  SuggestionSchema,
  UpdateSuggestionBody,
  VoteResponse,
  type MemberSuggestionResponse,
  type SuggestionResponse,
} from './schemas';
import { routeOptions } from '../../http/route-options';

const route = routeOptions(['suggestions']);

type Author = Pick<UserDocument, '_id' | 'name' | 'email'>;
type AnswerView = SuggestionResponse['answer'];

/**
 * Titles of the items that answered these suggestions. Members only see published ones (the
 * link would lead nowhere otherwise); admins see every item.
 */
async function answersOf(fastify: FastifyInstance, suggestions: SuggestionDocument[], publishedOnly: boolean) {
  const idsOf = (type: string) =>
    suggestions.flatMap((suggestion) => (suggestion.answer?.itemType === type ? [suggestion.answer.itemId] : []));
  const [contents, videos] = await Promise.all([
    fastify.contentsRepository.findByIds(idsOf('CONTENT'), publishedOnly),
    fastify.videosRepository.findByIds(idsOf('VIDEO'), publishedOnly),
  ]);
  const items = new Map([...contents, ...videos].map((item) => [item._id.toHexString(), item]));
  return (suggestion: SuggestionDocument): AnswerView => {
    const answer = suggestion.answer;
    if (!answer) return null;
    const item = items.get(answer.itemId.toHexString());
    if (!item && publishedOnly) return null;
    return { itemType: answer.itemType, itemId: answer.itemId.toHexString(), title: item?.title ?? null, slug: item?.slug ?? null };
  };
}

function toSuggestionResponse(suggestion: SuggestionDocument, author: Author | null | undefined, answer: AnswerView): SuggestionResponse {
  return {
    _id: suggestion._id.toHexString(),
    userId: suggestion.userId.toHexString(),
    user: author ? { _id: author._id.toHexString(), name: author.name, email: author.email } : null,
    subject: suggestion.subject,
    message: suggestion.message,
    status: suggestion.status,
    votes: suggestion.votes ?? 0,
    answer,
    createdAt: suggestion.createdAt.toISOString(),
    updatedAt: suggestion.updatedAt.toISOString(),
  };
}

/** Members send suggestions (a few per hour), vote on open ones and follow their own; admins move them NEW → READ → DONE. */
const suggestions: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.suggestionsRepository;

  /** Admin views: author and answer resolved in two batched reads. */
  async function adminViews(items: SuggestionDocument[]): Promise<SuggestionResponse[]> {
    const [authors, answer] = await Promise.all([
      fastify.usersRepository.findSummaries(items.map((suggestion) => suggestion.userId)),
      answersOf(fastify, items, false),
    ]);
    const byId = new Map(authors.map((author) => [author._id.toHexString(), author]));
    return items.map((suggestion) => toSuggestionResponse(suggestion, byId.get(suggestion.userId.toHexString()), answer(suggestion)));
  }

  async function memberViews(items: SuggestionDocument[], member: UserDocument): Promise<MemberSuggestionResponse[]> {
    const [voted, answer] = await Promise.all([
      repository.votedBy(
        member._id,
        items.map((suggestion) => suggestion._id),
      ),
      answersOf(fastify, items, true),
    ]);
    return items.map((suggestion) => ({
      _id: suggestion._id.toHexString(),
      subject: suggestion.subject,
      message: suggestion.message,
      status: suggestion.status,
      votes: suggestion.votes ?? 0,
      votedByMe: voted.has(suggestion._id.toHexString()),
      mine: suggestion.userId.equals(member._id),
      answer: answer(suggestion),
      createdAt: suggestion.createdAt.toISOString(),
    }));
  }

  fastify.post(
    '/',
    route('signed-in', 'Envia uma sugestão (membro); até 5 por hora', {
      body: CreateSuggestionBody,
      response: { 201: SuggestionSchema, ...errorResponses(401, 403) },
    }),
    async (request, reply) => {
      const user = request.user!;
      const suggestion = await repository.create(user._id, request.body.subject, request.body.message);
      return reply.code(201).send(toSuggestionResponse(suggestion, user, null));
    },
  );

  fastify.get(
    '/',
    route('admin', 'Sugestões com filtro de status, mais recentes ou mais votadas primeiro (admin)', {
      querystring: SuggestionListQuery,
      response: { 200: paginated(SuggestionSchema), ...errorResponses(401, 403) },
    }),
    async (request) => {
      const { status, sort } = request.query;
      return listPage(request.query, (page, limit) => repository.list(page, limit, status, sort), adminViews);
    },
  );

  fastify.get(
    '/open',
    route('signed-in', 'Sugestões abertas (NEW e READ) de todos os membros, mais votadas primeiro, sem autor; com o voto do membro', {
      querystring: MemberSuggestionListQuery,
      response: { 200: paginated(MemberSuggestionSchema), ...errorResponses(401, 403) },
    }),
    async (request) => {
      return listPage(request.query, (page, limit) => repository.listOpen(page, limit), (rows) => memberViews(rows, request.user!));
    },
  );

  fastify.get(
    '/mine',
    route('signed-in', 'As sugestões do próprio membro, mais novas primeiro, com status, votos e o conteúdo que as respondeu', {
      querystring: MemberSuggestionListQuery,
      response: { 200: paginated(MemberSuggestionSchema), ...errorResponses(401, 403) },
    }),
    async (request) => {
      return listPage(request.query, (page, limit) => repository.listByUser(request.user!._id, page, limit), (rows) => memberViews(rows, request.user!));
    },
  );

  fastify.post(
    '/:id/vote',
    route('signed-in', 'Vota numa sugestão aberta (um voto por membro): 201 contado, 200 já votado; concluída: 409', {
      params: IdParams,
      response: { 200: VoteResponse, 201: VoteResponse, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const member = request.user!;
      const { suggestion, counted } = await repository.vote(request.params.id, member._id);
      const [view] = await memberViews([suggestion], member);
      return reply.code(counted ? 201 : 200).send({ counted, suggestion: view! });
    },
  );

  fastify.patch(
    '/:id',
    route('admin', 'Muda o status (NEW → READ → DONE) e/ou liga o conteúdo ou vídeo que respondeu (admin)', {
      params: IdParams,
      body: UpdateSuggestionBody,
      response: { 200: SuggestionSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => {
      const { status, answer } = request.body;
      let suggestion = await repository.findById(request.params.id);
      if (!suggestion) throw notFound('Sugestão não encontrada.', 'SUGGESTION_NOT_FOUND');
      if (answer) {
        const store = answer.itemType === 'CONTENT' ? fastify.contentsRepository : fastify.videosRepository;
        if (!(await store.findById(answer.itemId))) {
          throw badRequest(
            answer.itemType === 'CONTENT' ? 'O conteúdo indicado como resposta não existe.' : 'O vídeo indicado como resposta não existe.',
            'ANSWER_NOT_FOUND',
          );
        }
      }
      if (status) suggestion = await repository.changeStatus(request.params.id, status);
      if (answer !== undefined) {
        suggestion = await repository.setAnswer(
          request.params.id,
          answer ? { itemType: answer.itemType, itemId: new ObjectId(answer.itemId) } : null,
        );
      }
      const [view] = await adminViews([suggestion]);
      return view!;
    },
  );
};

export default suggestions;
