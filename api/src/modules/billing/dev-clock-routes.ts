import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../http/schemas';
import { routeOptions } from '../../http/route-options';

const route = routeOptions(['dev']);
const DAY_MS = 24 * 60 * 60 * 1000;

const ReconciliationReportSchema = Type.Object({
  renewalsIssued: Type.Integer(),
  invoicesOverdue: Type.Integer(),
  subscriptionsPaused: Type.Integer(),
  checkoutsExpired: Type.Integer(),
  upgradesExpired: Type.Integer(),
  subscriptionsCanceled: Type.Integer(),
  refundsSent: Type.Integer(),
  pixPaymentsFound: Type.Integer(),
  recurringDebitsPaid: Type.Integer(),
  recurringRetriesScheduled: Type.Integer(),
});

/**
 * Development and tests only (absent in production: the clock has no `advance` there):
 * `POST /v1/dev/clock` moves the club's clock forward by whole days and runs the billing
 * reconciliation at the new "now", so anyone can watch a renewal be charged, paid by the stand-in
 * PSP or go overdue without waiting a month. Admin only. `dias: 0` only runs the reconciliation.
 */
const devClock: FastifyPluginAsyncTypebox = async (fastify) => {
  const { advance } = fastify.clock;
  if (!advance || fastify.config.nodeEnv === 'production') return;

  fastify.post(
    '/clock',
    route('admin', 'Desenvolvimento: avança o relógio do Clube em dias e roda a conciliação (admin; nunca em produção)', {
      body: Type.Object({ dias: Type.Integer({ minimum: 0, maximum: 400, description: 'dias a avançar (0 a 400)' }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ now: Type.String({ format: 'date-time' }), reconciliation: ReconciliationReportSchema }), ...errorResponses(400, 401, 403) },
    }),
    async (request) => {
      const now = advance(request.body.dias * DAY_MS);
      request.log.warn({ now: now.toISOString(), dias: request.body.dias }, 'club clock moved forward (development)');
      const reconciliation = await fastify.reconciliation.run();
      return { now: now.toISOString(), reconciliation };
    },
  );
};

export default devClock;
