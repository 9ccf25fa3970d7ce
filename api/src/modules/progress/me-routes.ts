import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { listPage } from '../../http/pagination';
import { errorResponses, IdParams, paginated } from '../../http/schemas';
import { videoViews } from '../catalogue/responses';
import { nextPublication } from '../catalogue/use-cases/cached-read';
import { ownCacheMember } from '../../plugins/response-cache';
import { MyCertificatesSchema } from './certificate-schemas';
import { toMyCertificate, toProgressSummary } from './responses';
import { MyProgressQuery, MyProgressSchema, ProgressReportBody, ProgressSchema } from './schemas';
import { recordProgress } from './use-cases/record-progress';
import { routeOptions } from '../../http/route-options';

const certificatesRoute = routeOptions(['certificates']);
const progressRoute = routeOptions(['progress']);

/**
 * The player reports every ~10 s while playing, plus on pause, seek and leaving: 30 a minute per
 * member leaves room for two tabs and bursts of seeking, and stops a runaway loop.
 */
export const PROGRESS_REPORTS_PER_MINUTE = 30;

/** The signed-in member's progress and certificates (under /me). */
const meRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.put(
    '/progress/videos/:id',
    {
      config: {
        auth: 'signed-in',
        rateLimit: {
          max: PROGRESS_REPORTS_PER_MINUTE,
          timeWindow: 60_000,
          // After authentication, so the key is the member and not the network they share.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `progress:${request.user?._id.toHexString() ?? request.ip}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            new AppError(
              429,
              'PROGRESS_RATE_LIMITED',
              `Progresso enviado vezes demais em pouco tempo. Tente novamente em ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`,
            ),
        },
      },
      schema: {
        tags: ['progress'],
        summary: 'Registra onde o player está num vídeo (a cada ~10 s, ao pausar e ao sair); só com acesso ao vídeo',
        description:
          'Guarda a posição para retomar e soma só os segundos realmente assistidos: entre dois envios conta no máximo o avanço da ' +
          'posição, limitado pelo tempo de relógio decorrido × 2 (velocidade máxima) + 3 s; saltos à frente não contam e trechos ' +
          'revistos não contam duas vezes. Concluído a partir de 90 % assistido. Repetir o mesmo envio não muda nada.',
        params: IdParams,
        body: ProgressReportBody,
        response: { 200: ProgressSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const progress = await recordProgress(fastify, request, request.params.id, request.body);
      return { videoId: progress.videoId.toHexString(), ...toProgressSummary(progress) };
    },
  );

  fastify.get(
    '/certificates',
    certificatesRoute('signed-in', 'Os certificados de conclusão do membro (a versão atual de cada um), concluídos por último primeiro', {
      response: { 200: MyCertificatesSchema, ...errorResponses(401, 403) },
    }),
    async (request) => ({ data: (await fastify.certificatesRepository.currentForUser(request.user!._id)).map(toMyCertificate) }),
  );

  fastify.get(
    '/progress',
    progressRoute('signed-in', '"Continuar assistindo" e "Meus vídeos": vídeos começados ou concluídos, assistidos por último primeiro', {
      querystring: MyProgressQuery,
      response: { 200: paginated(MyProgressSchema), ...errorResponses(401, 403) },
    }),
    (request, reply) => {
      const user = request.user!;
      // Kept for the member alone (plugins/response-cache.ts): stale on their progress, access or
      // unlocks, on a catalogue write and at the next scheduled publication (the cards are of published videos).
      const member = ownCacheMember(request);
      // The kept body first: a hit makes none of the functions below.
      return fastify.responseCache.sendKept(request, reply, member) ?? fastify.responseCache.readOwn(request, reply, {
        member,
        topics: ['catalogue'],
        changesAt: (now) => nextPublication(fastify, now),
        build: () =>
          listPage(
            request.query,
            (page, limit) => fastify.progressRepository.listForUser(user._id, page, limit, request.query.status),
            async (rows) => {
              const videos = await fastify.videosRepository.findByIds(rows.map((entry) => entry.videoId), user.role !== 'ADMIN');
              // The rows are the member's progress in these videos: the cards need not read it again.
              const views = new Map((await videoViews(fastify, request, videos, false, rows)).map((view) => [view._id, view]));
              return rows.map((entry) => ({ videoId: entry.videoId.toHexString(), ...toProgressSummary(entry), video: views.get(entry.videoId.toHexString()) ?? null }));
            },
          ),
      });
    },
  );
};

export default meRoutes;
