import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PixCallback, type PixCallbackBody } from '../../plugins/payment-gateway/pix-api-schemas';
import { unauthorized } from '../../http/app-error';
import { errorResponses } from '../../http/schemas';

const PixCallbackAnswer = Type.Object({
  received: Type.Literal(true),
  results: Type.Array(
    Type.Object({
      txid: Type.String(),
      endToEndId: Type.String(),
      outcome: Type.Enum(['PAID', 'DUPLICATE', 'NOT_CONFIRMED', 'UNKNOWN_CHARGE', 'REFUSED']),
      invoiceId: Type.Optional(Type.String()),
      statusCode: Type.Optional(Type.Integer()),
      code: Type.Optional(Type.String()),
      message: Type.Optional(Type.String()),
    }),
  ),
});

const toCents = (valor: string) => Math.round(Number(valor) * 100);

/**
 * POST /v1/webhooks/pix-api/{segment}/pix: the `/pix` callback of a PSP's API Pix 2.9.0 (only with
 * PAYMENT_GATEWAY=pix-api or its stand-in). The bank calls the URL we registered (`PUT
 * /webhook/{chave}`), whose secret segment authenticates it (in production the ingress may also
 * require the bank's client certificate); anything else → 401 before the body is read. The body is
 * checked against API Pix's `/pix` callback schema; each Pix is then read back from the PSP before
 * it pays anything (use-cases/confirm-pix.ts). Answers 200 with what happened to each Pix, so the
 * bank does not resend what was processed.
 */
const pixWebhook: FastifyPluginAsyncTypebox = async (fastify) => {
  if (!fastify.paymentGateway.readPixCharge) return;
  const expected = Buffer.from(fastify.config.pixWebhookSegment);
  const wrongSecret = () => unauthorized('Aviso de pagamento sem a credencial do PSP.', 'INVALID_PIX_CALLBACK');

  fastify.post(
    '/:segment/pix',
    {
      config: { auth: 'public', rateLimit: false },
      preValidation: async (request) => {
        const received = Buffer.from((request.params as { segment?: string }).segment ?? '');
        if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw wrongSecret();
      },
      schema: {
        tags: ['webhooks'],
        summary: 'API Pix: Pix recebidos (callback do PSP; cada um é conferido no PSP antes de pagar a fatura)',
        params: Type.Object({ segment: Type.String({ minLength: 1, maxLength: 100 }) }),
        body: PixCallback,
        response: { 200: PixCallbackAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const body = request.body as PixCallbackBody;
      const payments = body.pix
        .filter((pix): pix is typeof pix & { txid: string } => typeof pix.txid === 'string')
        .map((pix) => ({ txid: pix.txid, endToEndId: pix.endToEndId, amountCents: toCents(pix.valor), paidAt: pix.horario }));
      const results = await fastify.billing.confirmPixPayments(payments);
      return { received: true as const, results };
    },
  );
};

export default pixWebhook;
