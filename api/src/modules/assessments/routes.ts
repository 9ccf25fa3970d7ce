import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { noContent, routeOptions } from '../../http/route-options';
import { errorResponses } from '../../http/schemas';
import { toObjectId } from '../../store/object-id';
import { itemRefOf } from '../revisions/routes';
import { CatalogueItemParams } from '../revisions/schemas';
import { toAssessmentView, toGradedAttempt, toOpenAttempt, toQuiz } from './responses';
import { AssessmentViewSchema, AttemptParams, GradedAttemptSchema, OpenAttemptSchema, QuizBody, QuizSchema, SubmissionBody } from './schemas';

const route = routeOptions(['assessments']);

/**
 * Assessments of videos and contents (issue 31): the member's view and attempts (graded only here;
 * the key leaves the server only in the answer to a submission) and the admin's quiz editor.
 */
const assessments: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = fastify.assessments;

  fastify.get(
    '/:kind/:itemId',
    route('signed-in', 'A avaliação de um item: nota mínima, tentativas e as tentativas de quem pergunta (nunca o gabarito)', {
      params: CatalogueItemParams,
      response: { 200: AssessmentViewSchema, ...errorResponses(401, 404) },
    }),
    async (request) => toAssessmentView(await service.view(request.user!, itemRefOf(request.params))),
  );

  fastify.post(
    '/:kind/:itemId/attempts',
    route('signed-in', 'Começa (ou retoma) uma tentativa: as perguntas e opções embaralhadas, sem o gabarito', {
      description:
        'O item precisa estar liberado para quem pergunta (403 com o motivo) e, sendo vídeo, assistido até o fim (409 ITEM_NOT_FINISHED); ' +
        'esgotadas as tentativas desta revisão do documento, 409 ATTEMPTS_EXHAUSTED.',
      params: CatalogueItemParams,
      response: { 201: OpenAttemptSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request, reply) => reply.code(201).send(toOpenAttempt(await service.start(request, itemRefOf(request.params)))),
  );

  fastify.post(
    '/attempts/:attemptId/submission',
    route('signed-in', 'Envia as respostas: a nota é calculada no servidor; a aprovação conclui o item e emite o certificado', {
      description: 'Só quem começou a tentativa a envia (de outra pessoa: 404); enviada uma vez (409 ATTEMPT_ALREADY_SUBMITTED).',
      params: AttemptParams,
      body: SubmissionBody,
      response: { 200: GradedAttemptSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const { attempt, certificateCode } = await service.submit(request, toObjectId(request.params.attemptId), request.body.answers);
      return toGradedAttempt(attempt, certificateCode);
    },
  );

  fastify.get(
    '/:kind/:itemId/key',
    route('admin', 'A avaliação com o gabarito (admin)', { params: CatalogueItemParams, response: { 200: QuizSchema, ...errorResponses(401, 403, 404) } }),
    async (request) => toQuiz(await service.quiz(itemRefOf(request.params))),
  );

  fastify.put(
    '/:kind/:itemId',
    route('admin', 'Cria ou substitui a avaliação de um item (admin): perguntas, nota mínima e tentativas', {
      description: 'Escolha única: exatamente uma opção correta; múltipla escolha: ao menos uma (400 INVALID_QUESTION).',
      params: CatalogueItemParams,
      body: QuizBody,
      response: { 200: QuizSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => toQuiz(await service.save(request.user!, itemRefOf(request.params), request.body)),
  );

  fastify.delete(
    '/:kind/:itemId',
    route('admin', 'Remove a avaliação de um item (admin); as tentativas feitas continuam no histórico', {
      params: CatalogueItemParams,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => noContent(reply, service.remove(request.user!, itemRefOf(request.params))),
  );
};

export default assessments;
