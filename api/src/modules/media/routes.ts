import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/schemas';
import { found, routeOptions } from '../../http/route-options';
import { toTranscode } from './responses';
import { TranscodeBody, TranscodeQuery, TranscodeSchema } from './schemas';
import { transcodeNotFound } from './transcode-job';

const route = routeOptions(['media']);

/** `/media/transcodes`: the conversion of an uploaded MP4 as the admin's video editor shows it. */
export const transcodeRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/',
    route('admin', 'Estado da conversão para HLS de um MP4 enviado: fila, progresso (%), pronto ou o motivo da falha (admin)', {
      querystring: TranscodeQuery,
      response: { 200: TranscodeSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => toTranscode(found(await fastify.transcodesRepository.find(request.query.videoKey), transcodeNotFound)),
  );
  fastify.post(
    '/retry',
    route('admin', 'Tentar novamente: uma conversão que falhou volta para a fila (admin)', {
      description: '409 TRANSCODE_NOT_FAILED: só uma conversão que falhou pode ser tentada de novo.',
      body: TranscodeBody,
      response: { 202: TranscodeSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => reply.code(202).send(toTranscode(await fastify.transcoding.retry(request.body.videoKey))),
  );
};
