import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { DAY_MS } from '../billing/rules/calendar';
import { badRequest } from '../../http/app-error';
import { withDefaults } from '../../http/query';
import { CsvFile, MetricsQuery, MetricsSchema, SubscriptionExportQuery, UserExportQuery } from './schemas';
import { errorResponses } from '../../http/schemas';
import { perUserReadLimit } from '../../plugins/rate-limit';
import { routeOptions } from '../../http/route-options';

const route = routeOptions(['admin']);
const DEFAULT_WINDOW_DAYS = 30;
const MAX_WINDOW_DAYS = 366 * 5;

function sendCsv(reply: FastifyReply, name: string, now: Date, csv: Readable) {
  const stamp = now.toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** The admin's dashboard numbers and the CSV files of the users and subscriptions lists. */
const admin: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/metrics',
    route('admin', 'Números do clube numa janela [from, to) (admin): assinantes, MRR, novas, canceladas, churn, receita, vídeos, créditos', {
      querystring: MetricsQuery,
      response: { 200: MetricsSchema, ...errorResponses(401, 403) },
    }),
    async (request) => {
      const to = request.query.to ? new Date(request.query.to) : fastify.clock.now();
      const from = request.query.from ? new Date(request.query.from) : new Date(to.getTime() - DEFAULT_WINDOW_DAYS * DAY_MS);
      if (from.getTime() >= to.getTime()) throw badRequest('O início do período precisa ser antes do fim.', 'INVALID_WINDOW');
      if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY_MS) {
        throw badRequest('O período pode ter no máximo 5 anos.', 'INVALID_WINDOW');
      }
      const metrics = await fastify.adminMetrics.compute({ from, to });
      const ranked = [...metrics.mostWatchedVideos, ...metrics.mostFinishedVideos];
      const videos = await fastify.videosRepository.findByIds(
        ranked.map((row) => row.videoId),
        false,
      );
      const byId = new Map(videos.map((video) => [video._id.toHexString(), video]));
      const rank = (rows: typeof ranked) =>
        rows.map((row) => {
          const video = byId.get(row.videoId.toHexString());
          return { videoId: row.videoId.toHexString(), title: video?.title ?? null, slug: video?.slug ?? null, count: row.count, watchedSeconds: row.watchedSeconds };
        });
      return {
        ...metrics,
        window: { from: from.toISOString(), to: to.toISOString() },
        mostWatchedVideos: rank(metrics.mostWatchedVideos),
        mostFinishedVideos: rank(metrics.mostFinishedVideos),
      };
    },
  );

  fastify.get(
    '/exports/users',
    route('admin', 'CSV da lista de usuários com os filtros de GET /users (admin); todas as linhas, sem paginação', {
      querystring: UserExportQuery,
      produces: ['text/csv'],
      response: { 200: CsvFile, ...errorResponses(401, 403) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const { field, criteria, ...filters } = withDefaults(request.query, 'field', 'criteria');
      return sendCsv(reply, 'usuarios', fastify.clock.now(), fastify.adminExports.usersCsv({ field, criteria, ...filters }));
    },
  );

  fastify.get(
    '/exports/subscriptions',
    route('admin', 'CSV da lista de assinaturas com os filtros de GET /subscriptions/paginated e status (admin); todas as linhas', {
      querystring: SubscriptionExportQuery,
      produces: ['text/csv'],
      response: { 200: CsvFile, ...errorResponses(401, 403) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => sendCsv(reply, 'assinaturas', fastify.clock.now(), fastify.adminExports.subscriptionsCsv(await fastify.billing.listFilters(request.query))),
  );
};

export default admin;
