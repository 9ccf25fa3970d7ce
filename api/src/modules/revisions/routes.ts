import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/schemas';
import { toObjectId } from '../../store/object-id';
import { ITEM_SEGMENTS, type ItemRef } from './documents';
import { toRevisionResponse } from './responses';
import { CatalogueItemParams, PublishRevisionBody, RevisionHistorySchema, RevisionImpactSchema, RevisionSchema, type CatalogueItemParamsType } from './schemas';

const tags = ['revisions'];

export const itemRefOf = (params: CatalogueItemParamsType): ItemRef => ({ itemType: ITEM_SEGMENTS[params.kind], itemId: toObjectId(params.itemId) });

/** Document revisions of videos and contents (ISO/IEC 17025 §8.3): read by anyone, published by an admin. */
const revisions: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:kind/:itemId',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'As revisões do documento de um vídeo ou conteúdo (a vigente primeiro)',
        params: CatalogueItemParams,
        response: { 200: RevisionHistorySchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const history = (await fastify.revisions.history(itemRefOf(request.params))).map(toRevisionResponse);
      return { current: history[0] ?? null, history };
    },
  );

  fastify.get(
    '/:kind/:itemId/impact',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'O que uma nova revisão faria agora (admin): quantas pessoas voltam a dever o item e quantas conclusões ficam substituídas',
        params: CatalogueItemParams,
        response: { 200: RevisionImpactSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => fastify.revisions.impact(itemRefOf(request.params)),
  );

  fastify.post(
    '/:kind/:itemId',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Publica uma revisão do documento (admin): a primeira coloca o item sob controle; as seguintes substituem as conclusões da anterior',
        description:
          'Uma nova revisão mantém o código do documento (400 DOCUMENT_CODE_MISMATCH) e tem número maior (409 REVISION_NOT_NEWER). ' +
          'As conclusões da revisão anterior ficam substituídas e o item volta a ser devido, até dueInDays dias (padrão 30), para quem tem uma função que o exige.',
        params: CatalogueItemParams,
        body: PublishRevisionBody,
        response: { 201: RevisionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { dueInDays = 30, ...rest } = request.body;
      const revision = await fastify.revisions.publish(request.user!, itemRefOf(request.params), { ...rest, dueInDays });
      return reply.code(201).send(toRevisionResponse(revision));
    },
  );
};

export default revisions;
