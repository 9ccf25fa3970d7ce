import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthRule } from '../http/authentication';

/** OpenAPI document at /v1/docs/json and its browsable page at /v1/docs. */
export default fp(
  async function openApi(fastify: FastifyInstance) {
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Clube API',
          description: 'API do Clube: usuários, assinaturas, planos e catálogo. Autenticação por token do Firebase (Bearer).',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' },
          },
        },
      },
      transform: ({ schema, url, route }) => {
        const auth = (route.config as { auth?: AuthRule } | undefined)?.auth;
        if (!auth || auth === 'public') return { schema, url };
        return { schema: { ...schema, security: [{ bearerAuth: [] }] } as typeof schema, url };
      },
    });
    await fastify.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
