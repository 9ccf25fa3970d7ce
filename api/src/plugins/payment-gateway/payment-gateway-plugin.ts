import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox-gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment gateway port (billing/gateway.ts); the adapter comes from PAYMENT_GATEWAY. */
    paymentGateway: PaymentGateway;
  }
}

export const PAYMENT_WEBHOOK_PATH = '/v1/webhooks/payments';

/** How long a PIX payload can be paid; billing asks for a fresh one after that. */
export const PIX_TTL_MS = 24 * 60 * 60 * 1000;

export default fp(
  async function paymentGateway(fastify: FastifyInstance) {
    const { config } = fastify;
    if (config.nodeEnv === 'production' && config.paymentGateway === 'sandbox') {
      // loadConfig refuses this already; a hand-built config must not slip through either.
      throw new Error('Modo produção não aceita o gateway de pagamento sandbox.');
    }
    const gateway = new SandboxGateway({
      pix: config.pix,
      webhookSecret: config.webhookSecret,
      pixTtlMs: PIX_TTL_MS,
      now: () => fastify.clock.now(),
      // The same route, hooks and verification a real gateway's request goes through.
      deliverWebhook: async (rawBody, headers) => {
        const response = await fastify.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers, payload: rawBody });
        return { statusCode: response.statusCode, body: response.json() as unknown };
      },
    });
    fastify.decorate('paymentGateway', gateway);
  },
  { name: 'payment-gateway', dependencies: ['clock'] },
);
