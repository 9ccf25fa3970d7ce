import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { PaymentWebhookEvent } from '../../plugins/payment-gateway/gateway';
import { isValidWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from '../../plugins/payment-gateway/webhook-signature';
import { unauthorized } from '../../http/app-error';
import { errorResponses, ObjectIdString } from '../../http/schemas';

const PaymentEventBody = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.Literal('invoice.paid'),
    createdAt: Type.String({ format: 'date-time' }),
    data: Type.Object(
      {
        invoiceId: ObjectIdString,
        externalId: Type.String({ minLength: 1, maxLength: 100 }),
        amountCents: Type.Integer({ minimum: 1 }),
        paidAt: Type.String({ format: 'date-time' }),
        endToEndId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{32}$', description: 'PIX: o identificador fim a fim (E2E) do pagamento' })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const WebhookAnswer = Type.Object({
  received: Type.Literal(true),
  duplicate: Type.Boolean({ description: 'true: este pagamento já tinha sido registrado; nada mudou' }),
  invoiceId: ObjectIdString,
  status: Type.String(),
});

const invalidSignature = () => unauthorized('Assinatura do webhook inválida.', 'INVALID_WEBHOOK_SIGNATURE');

/**
 * POST /v1/webhooks/payments: the gateway's "invoice.paid". No token: the HMAC-SHA256 of the
 * raw body (header x-clube-signature: sha256=<hex>, key WEBHOOK_SECRET) authenticates it, so
 * this scope reads JSON as text, checks the signature on those exact bytes, then parses.
 */
const webhooks: FastifyPluginAsyncTypebox = async (fastify) => {
  const verified = new WeakSet<FastifyRequest>();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');

  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, rawBody, done) => {
    if (!isValidWebhookSignature(rawBody as string, request.headers[WEBHOOK_SIGNATURE_HEADER], fastify.config.webhookSecret)) {
      done(invalidSignature(), undefined);
      return;
    }
    verified.add(request);
    parseJson(request, rawBody as string, done);
  });

  fastify.post(
    '/payments',
    {
      config: { auth: 'public', rateLimit: false },
      // A request without a body never reached the parser, so it was never verified either.
      preValidation: async (request) => {
        if (!verified.has(request)) throw invalidSignature();
      },
      schema: {
        tags: ['webhooks'],
        summary: 'Pagamento confirmado pelo gateway (assinado com HMAC-SHA256 do corpo bruto)',
        headers: Type.Object({ [WEBHOOK_SIGNATURE_HEADER]: Type.String({ description: 'sha256=<hex>' }) }),
        body: PaymentEventBody,
        response: { 200: WebhookAnswer, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const { invoice, duplicate } = await fastify.billing.applyPaidEvent(request.body as PaymentWebhookEvent);
      request.log.info({ eventId: request.body.id, invoiceId: invoice._id.toHexString(), duplicate }, 'payment webhook');
      return { received: true as const, duplicate, invoiceId: invoice._id.toHexString(), status: invoice.status };
    },
  );
};

export default webhooks;
