import type { FastifyInstance } from 'fastify';
import { authenticate, authorizeOwner, requireAuthRule } from '../plugins/app/authentication';

/**
 * Applies to every route under routes/ (autoload cascades it): each route declares
 * `config.auth` and these hooks enforce it, so handlers never check identity themselves.
 */
export default async function authHooks(fastify: FastifyInstance) {
  fastify.addHook('onRoute', (route) => {
    requireAuthRule(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') fastify.apiRoutes.push({ method, url: route.url, auth: route.config!.auth! });
    }
  });
  fastify.addHook('onRequest', authenticate);
  fastify.addHook('preHandler', authorizeOwner);
}
