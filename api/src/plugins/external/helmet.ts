import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async function securityHeaders(fastify: FastifyInstance) {
    await fastify.register(helmet, {
      // Images the API serves (PIX QR codes, uploads) are shown by pages on other origins.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
  },
  { name: 'helmet' },
);
