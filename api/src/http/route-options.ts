import type { FastifyContextConfig, FastifyReply, FastifySchema } from 'fastify';
import type { AuthRule } from './authentication';

/**
 * A route's options in one call: who may call it (`config.auth`, enforced by route-auth.ts) and its
 * OpenAPI schema under the module's tags, with its summary first; `config` adds the rest (e.g. `rateLimit`).
 *
 *   const route = routeOptions(['plans']);
 *   fastify.get('/:id', route('public', 'Um plano', { params: IdParams, response: { 200: PlanSchema } }), handler);
 *
 * The schema keeps its type, so the TypeBox type provider still types the handler's request.
 */
export const routeOptions =
  (tags: string[]) =>
  <S extends FastifySchema>(auth: AuthRule, summary: string, schema: S, config: Omit<FastifyContextConfig, 'auth'> = {}) => ({
    config: { auth, ...config },
    schema: { tags, summary, ...schema },
  });

/** The value, or the error (a 404 for a missing document) when there is none. */
export function found<T>(value: T | null | undefined, error: () => Error): T {
  if (value === null || value === undefined) throw error();
  return value;
}

/** A 204 answer once `work` is done: `async (request, reply) => noContent(reply, service.leave(request.user!))`. */
export async function noContent(reply: FastifyReply, work: Promise<unknown>): Promise<FastifyReply> {
  await work;
  return reply.code(204).send(null);
}
