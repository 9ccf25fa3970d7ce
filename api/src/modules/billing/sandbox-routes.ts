import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError, conflict } from '../../http/app-error';
import { ownerOrAdmin } from '../../http/authentication';
import { invoiceNotFound, subscriptionNotFound } from './billing-service';
import { noPixAutomatic } from './use-cases/pix-automatic';
import { PixApiProblemError } from '../../plugins/payment-gateway/pix-api-client';
import { errorResponses, ObjectIdString } from '../../http/schemas';
import { InvoiceSchema, SubscriptionSchema } from './schemas';
import { toInvoiceResponse, toSubscriptionResponse } from './responses';
import { found } from '../../http/route-options';

const InvoiceIdParams = Type.Object({ invoiceId: ObjectIdString }, { additionalProperties: false });

/**
 * Sandbox and stand-in PSP only (absent with a bank's API Pix; production refuses both): "pay" an
 * invoice. The sandbox sends its signed webhook through the real webhook route; the stand-in PSP
 * (PAYMENT_GATEWAY=pix-api-stand-in, `npm start`'s default) concludes the charge and POSTs the API
 * Pix `/pix` callback over HTTP to the API, which reads the charge back over mTLS before paying —
 * exactly what happens after a member's PIX transfer. The invoice's owner or an admin may press it.
 */
const alreadyPaid = () => conflict('Esta fatura já foi paga.', 'INVOICE_ALREADY_PAID');

const sandbox: FastifyPluginAsyncTypebox = async (fastify) => {
  const gateway = fastify.paymentGateway;
  if (!gateway.isSandbox || !gateway.simulatePayment || fastify.config.nodeEnv === 'production') return;
  const simulatePayment = gateway.simulatePayment.bind(gateway);
  const invoices = fastify.invoicesRepository;

  fastify.post(
    '/invoices/:invoiceId/pay',
    {
      config: {
        auth: ownerOrAdmin(async (request) => {
          const invoice = await invoices.findById((request.params as { invoiceId: string }).invoiceId);
          return invoice ? { userId: invoice.userId } : null;
        }),
      },
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox: paga a fatura (o gateway de teste envia o webhook assinado)',
        params: InvoiceIdParams,
        response: {
          200: Type.Object({ invoice: InvoiceSchema, subscription: SubscriptionSchema, webhookStatus: Type.Integer() }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const invoice = found(await invoices.findById(request.params.invoiceId), invoiceNotFound);
      if (invoice.status === 'PAID') throw alreadyPaid();
      if (invoice.status === 'CANCELED') throw conflict('Esta fatura foi cancelada e não pode mais ser paga.', 'INVOICE_CANCELED');
      if (!invoice.pix && invoice.recurringCharge) throw conflict('Esta fatura é debitada pelo Pix Automático: não há QR code para pagar.', 'PIX_AUTOMATIC_DEBIT_SCHEDULED');

      const delivery = await simulatePayment({
        invoiceId: invoice._id.toHexString(),
        externalId: invoice.externalId,
        amountCents: invoice.amountCents,
        txid: invoice.pix?.txid,
      });
      if (delivery.statusCode >= 400) {
        // Refused because a parallel request paid it meanwhile: say that, not the lifecycle's refusal.
        if (delivery.statusCode === 409 && (await invoices.findById(invoice._id))?.status === 'PAID') throw alreadyPaid();
        const body = delivery.body as { code?: string; message?: string };
        throw new AppError(delivery.statusCode, body.code ?? 'WEBHOOK_FAILED', body.message ?? 'O pagamento não pôde ser registrado.');
      }
      // A request that raced another for the same invoice: the webhook saw it paid already (a replay).
      if ((delivery.body as { duplicate?: boolean }).duplicate === true) throw alreadyPaid();
      const paid = (await invoices.findById(invoice._id))!;
      const subscription = (await fastify.subscriptionsRepository.findById(paid.subscriptionId))!;
      return {
        invoice: toInvoiceResponse(paid),
        subscription: toSubscriptionResponse(subscription, await fastify.plansRepository.mapAll()),
        webhookStatus: delivery.statusCode,
      };
    },
  );

  // Pix Automático at the stand-in: the payer's bank authorizing, refusing or cancelling, and debiting.
  if (!gateway.simulatePayerAction) return;
  const act = gateway.simulatePayerAction.bind(gateway);
  const refused = (error: unknown) => {
    if (error instanceof PixApiProblemError && error.status < 500) throw conflict(`O banco do pagador recusou: ${error.problem.title}.`, 'PSP_REFUSED');
    throw error;
  };
  const subscriptionOwner = ownerOrAdmin(async (request) => {
    const subscription = await fastify.subscriptionsRepository.findById((request.params as { id: string }).id);
    return subscription ? { userId: subscription.userId } : null;
  });
  fastify.post(
    '/subscriptions/:id/pix-automatico/:acao',
    {
      config: { auth: subscriptionOwner },
      schema: {
        tags: ['sandbox'],
        summary: 'PSP substituto: o banco do pagador autoriza, recusa ou cancela o Pix Automático (e avisa a API pelo callback /rec)',
        params: Type.Object({ id: ObjectIdString, acao: Type.Enum(['aprovar', 'rejeitar', 'cancelar']) }, { additionalProperties: false }),
        response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const subscription = found(await fastify.subscriptionsRepository.findById(request.params.id), subscriptionNotFound);
      if (!subscription.pixAutomatic) throw noPixAutomatic();
      await act({ recurrence: subscription.pixAutomatic.idRec, act: request.params.acao }).catch(refused);
      return toSubscriptionResponse((await fastify.subscriptionsRepository.findById(subscription._id))!, await fastify.plansRepository.mapAll());
    },
  );
  fastify.post(
    '/invoices/:invoiceId/debitar',
    {
      config: { auth: ownerOrAdmin(async (request) => {
        const invoice = await invoices.findById((request.params as { invoiceId: string }).invoiceId);
        return invoice ? { userId: invoice.userId } : null;
      }) },
      schema: {
        tags: ['sandbox'],
        summary: 'PSP substituto: o banco do pagador faz (ok) ou não consegue fazer (falha) o débito do Pix Automático desta fatura (e avisa a API pelo callback /cobr)',
        params: InvoiceIdParams,
        body: Type.Object({ resultado: Type.Enum(['ok', 'falha']) }, { additionalProperties: false }),
        response: { 200: Type.Object({ invoice: InvoiceSchema, subscription: SubscriptionSchema }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const invoice = found(await invoices.findById(request.params.invoiceId), invoiceNotFound);
      if (!invoice.recurringCharge) throw conflict('Esta fatura não é debitada pelo Pix Automático.', 'NOT_A_RECURRING_CHARGE');
      await act({ debit: invoice.recurringCharge.txid, ok: request.body.resultado === 'ok' }).catch(refused);
      const after = (await invoices.findById(invoice._id))!;
      const subscription = (await fastify.subscriptionsRepository.findById(after.subscriptionId))!;
      return { invoice: toInvoiceResponse(after), subscription: toSubscriptionResponse(subscription, await fastify.plansRepository.mapAll()) };
    },
  );
};

export default sandbox;
