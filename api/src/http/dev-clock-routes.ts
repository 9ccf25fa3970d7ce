import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DateTime, errorResponses } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

const ClockSchema = Type.Object({
  now: DateTime,
  offsetDays: Type.Number({ description: 'Quantos dias o relógio da API está à frente do relógio real' }),
});

/**
 * Development only (DEV_CLOCK=1; production refuses the variable): an admin moves the API's clock
 * forward, so a browser test can see a qualification expire. Mounted at /v1/dev by app.ts only
 * then; every timestamp the API writes comes from that clock (plugins/clock.ts).
 */
const devClock: FastifyPluginAsyncTypebox = async (fastify) => {
  const answer = () => ({ now: fastify.clock.now().toISOString(), offsetDays: fastify.clock.offsetMs() / DAY_MS });

  fastify.get(
    '/clock',
    { config: { auth: 'admin' }, schema: { tags: ['dev'], summary: 'Desenvolvimento: o relógio da API', response: { 200: ClockSchema, ...errorResponses(401, 403) } } },
    async () => answer(),
  );

  fastify.put(
    '/clock',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['dev'],
        summary: 'Desenvolvimento (DEV_CLOCK=1): adianta o relógio da API em N dias (0 volta ao relógio real)',
        body: Type.Object({ offsetDays: Type.Number({ minimum: 0, maximum: 3660 }) }, { additionalProperties: false }),
        response: { 200: ClockSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      fastify.clock.setOffset(request.body.offsetDays * DAY_MS);
      request.log.warn({ offsetDays: request.body.offsetDays }, 'relógio de desenvolvimento movido');
      return answer();
    },
  );
};

export default devClock;
