import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CobRCallback, PixCallback, RecCallback, type CobRCallbackBody, type PixCallbackBody, type RecCallbackBody } from '../../plugins/payment-gateway/pix-api-schemas';
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

const RecCallbackAnswer = Type.Object({
  received: Type.Literal(true),
  results: Type.Array(Type.Object({ idRec: Type.String(), outcome: Type.Enum(['UPDATED', 'UNCHANGED', 'UNKNOWN']), status: Type.Optional(Type.String()) })),
});

const CobRCallbackAnswer = Type.Object({
  received: Type.Literal(true),
  results: Type.Array(
    Type.Object({
      txid: Type.String(),
      outcome: Type.Enum(['PAID', 'DUPLICATE', 'NOT_CONFIRMED', 'RETRY_SCHEDULED', 'FAILED', 'PENDING', 'UNKNOWN_CHARGE', 'REFUSED']),
      invoiceId: Type.Optional(Type.String()),
      retryOn: Type.Optional(Type.String()),
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

  const callback = {
    config: { auth: 'public' as const, rateLimit: false as const },
    preValidation: async (request: { params: unknown }) => {
      const received = Buffer.from((request.params as { segment?: string }).segment ?? '');
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw wrongSecret();
    },
  };
  const params = Type.Object({ segment: Type.String({ minLength: 1, maxLength: 100 }) });

  fastify.post(
    '/:segment/pix',
    {
      ...callback,
      schema: {
        tags: ['webhooks'],
        summary: 'API Pix: Pix recebidos (callback do PSP; cada um é conferido no PSP antes de pagar a fatura)',
        params,
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

  // Pix Automático (registered with `PUT /webhookrec` and `PUT /webhookcobr` at the same URL).
  if (!fastify.paymentGateway.pixAutomatic) return;
  fastify.post(
    '/:segment/rec',
    {
      ...callback,
      schema: {
        tags: ['webhooks'],
        summary: 'API Pix: recorrências do Pix Automático mudaram (callback do PSP; cada uma é relida no PSP antes de valer)',
        params,
        body: RecCallback,
        response: { 200: RecCallbackAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const body = request.body as RecCallbackBody;
      const results = await fastify.billing.syncRecurrences([...new Set(body.recs.map((rec) => rec.idRec))]);
      return { received: true as const, results: results.map(({ idRec, outcome, status }) => ({ idRec, outcome, ...(status ? { status } : {}) })) };
    },
  );
  fastify.post(
    '/:segment/cobr',
    {
      ...callback,
      schema: {
        tags: ['webhooks'],
        summary: 'API Pix: cobranças recorrentes do Pix Automático mudaram (callback do PSP; cada uma é relida no PSP antes de pagar o ciclo)',
        params,
        body: CobRCallback,
        response: { 200: CobRCallbackAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const body = request.body as CobRCallbackBody;
      const results = await fastify.billing.syncRecurringCharges([...new Set(body.cobsr.map((cobr) => cobr.txid))]);
      return { received: true as const, results: results.map(({ newFailure: _failure, ...result }) => result) };
    },
  );
};

export default pixWebhook;
