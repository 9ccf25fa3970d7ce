import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Only the shell and the remotes (CORS_ORIGINS) may call the API from a browser. */
export default fp(
  async function corsAllowList(fastify: FastifyInstance) {
    await fastify.register(cors, {
      origin: fastify.config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
