import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from './schemas';
import { routeOptions } from './route-options';

const route = routeOptions(['health']);

/** GET /v1/health — the shell polls it; the body is exactly { "status": "ok" }. */
const health: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/',
    route('public', 'A API está no ar', {
      response: { 200: Type.Object({ status: Type.Literal('ok') }), ...errorResponses() },
    }),
    async () => ({ status: 'ok' as const }),
  );
};

export default health;
