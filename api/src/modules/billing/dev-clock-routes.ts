import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DateTime, errorResponses } from '../../http/schemas';
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

const ClockSchema = Type.Object({
  now: DateTime,
  offsetDays: Type.Number({ description: 'Quantos dias o relógio do Clube está à frente do relógio real' }),
});

/**
 * **The development clock**, one route for everything that needs to move time (billing's renewals,
 * debits, retries and overdue rules; the competence qualifications that expire): development and
 * tests only — absent in production, where the clock has no `advance`. Admin only.
 * - `GET /v1/dev/clock`: the club's "now" and how many days it is ahead;
 * - `POST /v1/dev/clock` `{ "dias": n }`: moves it forward n whole days (0 to 400) and runs the
 *   billing reconciliation at the new "now" (`dias: 0` only runs it); answers what it did;
 * - `DELETE /v1/dev/clock`: back to the real clock (nothing is run).
 */
const devClock: FastifyPluginAsyncTypebox = async (fastify) => {
  const { advance } = fastify.clock;
  if (!advance || fastify.config.nodeEnv === 'production') return;
  const answer = () => ({ now: fastify.clock.now().toISOString(), offsetDays: fastify.clock.offsetMs() / DAY_MS });

  fastify.get('/clock', route('admin', 'Desenvolvimento: o relógio do Clube e quantos dias ele está adiantado (admin; nunca em produção)', { response: { 200: ClockSchema, ...errorResponses(401, 403) } }), async () =>
    answer(),
  );

  fastify.post(
    '/clock',
    route('admin', 'Desenvolvimento: avança o relógio do Clube em dias e roda a conciliação (admin; nunca em produção)', {
      body: Type.Object({ dias: Type.Integer({ minimum: 0, maximum: 400, description: 'dias a avançar (0 a 400)' }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ ...ClockSchema.properties, reconciliation: ReconciliationReportSchema }), ...errorResponses(400, 401, 403) },
    }),
    async (request) => {
      const now = advance(request.body.dias * DAY_MS);
      request.log.warn({ now: now.toISOString(), dias: request.body.dias }, 'club clock moved forward (development)');
      const reconciliation = await fastify.reconciliation.run();
      return { ...answer(), reconciliation };
    },
  );

  fastify.delete('/clock', route('admin', 'Desenvolvimento: o relógio do Clube volta ao relógio real (admin; nunca em produção)', { response: { 200: ClockSchema, ...errorResponses(401, 403) } }), async (request) => {
    fastify.clock.setOffset(0);
    request.log.warn('club clock back to real time (development)');
    return answer();
  });
};

export default devClock;
