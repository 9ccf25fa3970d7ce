import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError, conflict } from '../../http/app-error';
import { ownerOrAdmin } from '../../http/authentication';
import { invoiceNotFound } from './billing-service';
import { errorResponses, ObjectIdString } from '../../http/schemas';
import { InvoiceSchema, SubscriptionSchema } from './schemas';
import { toInvoiceResponse, toSubscriptionResponse } from './responses';
import { found } from '../../http/route-options';

const InvoiceIdParams = Type.Object({ invoiceId: ObjectIdString }, { additionalProperties: false });

/**
 * Sandbox only (absent with any real gateway; production refuses the sandbox): "pay" an invoice.
 * The sandbox gateway then sends the signed webhook through the real webhook route, exactly as
 * a gateway would after a PIX transfer. The invoice's owner or an admin may press the button.
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

      const delivery = await simulatePayment({
        invoiceId: invoice._id.toHexString(),
        externalId: invoice.externalId,
        amountCents: invoice.amountCents,
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
};

export default sandbox;
