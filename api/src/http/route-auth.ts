import type { FastifyInstance, RouteOptions } from 'fastify';
import { authenticate, authorizeOwner, requireAuthRule, ruleOfRoute } from './authentication';
import { NoQuery } from './schemas';

/**
 * Applies to every route under /v1 (app.ts registers the modules' routes in its scope): each route declares
 * `config.auth` and gets hooks that enforce it, so handlers never check identity themselves.
 * The hooks are made per route with the rule in hand: nothing looks the rule up per request.
 * They run after the instance-wide onRequest hooks (CORS, security headers, rate limit), and
 * the ownership check before the route's own preHandler.
 *
 * A route that declares no query string takes none: a stray parameter is a 400 (NoQuery), on
 * every route alike rather than when each route remembers to say so.
 */
export default async function authHooks(fastify: FastifyInstance) {
  fastify.addHook('onRoute', (route) => {
    requireAuthRule(route);
    if (route.schema && route.schema.querystring === undefined) route.schema = { ...route.schema, querystring: NoQuery };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') fastify.apiRoutes.push({ method, url: route.url, auth: route.config!.auth! });
    }
    const rule = ruleOfRoute(route);
    // A public route reads no token: no hook (principal and user stay null).
    if (rule !== 'public') route.onRequest = [authenticate(rule), ...hooksOf(route.onRequest)] as RouteOptions['onRequest'];
    if (typeof rule === 'object') {
      route.preHandler = [authorizeOwner(rule), ...hooksOf(route.preHandler)] as RouteOptions['preHandler'];
    }
  });
}

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
