import { ObjectId } from 'mongodb';
import type { PaymentWebhookEvent } from '../../../plugins/payment-gateway/gateway';
import type { InvoiceDocument } from '../documents';
import { AppError, conflict } from '../../../http/app-error';
import { decidePayment } from '../rules/lifecycle';
import { invoiceNotFound, run, type BillingContext } from './context';

export interface PaymentOutcome {
  invoice: InvoiceDocument;
  /** True when this payment had already been applied (a replayed callback, or the reconciliation after it): nothing changed. */
  duplicate: boolean;
}

const canceledInvoice = () => conflict('Esta fatura foi cancelada e não pode mais ser paga.', 'INVOICE_CANCELED');

/**
 * A payment the PSP showed when read back (confirm-pix.ts, pix-automatic.ts): the invoice's conditional PENDING/OVERDUE
 * → PAID is the lock (a replay changes nothing), then the lifecycle applies it to the subscription.
 */
export async function payInvoice(ctx: BillingContext, event: PaymentWebhookEvent): Promise<PaymentOutcome> {
  const invoice = ObjectId.isValid(event.data.invoiceId) ? await ctx.invoices.findById(event.data.invoiceId) : null;
  if (!invoice) throw invoiceNotFound();
  // A replay after the money was given back (withdrawal) changes nothing either.
  if (invoice.status === 'PAID' || invoice.status === 'REFUNDED') return { invoice, duplicate: true };
  if (invoice.externalId !== event.data.externalId) {
    throw conflict('A cobrança informada não é a cobrança atual desta fatura.', 'CHARGE_MISMATCH');
  }
  if (invoice.status === 'CANCELED') throw canceledInvoice();
  if (event.data.amountCents !== invoice.amountCents) {
    throw conflict('O valor pago não confere com o valor da fatura.', 'AMOUNT_MISMATCH');
  }
  const at = ctx.now();
  const reported = new Date(event.data.paidAt);
  const paidAt = Number.isNaN(reported.getTime()) || reported > at ? at : reported;

  // Refuse before taking the money for a change that no longer applies (e.g. an upgrade undone).
  await run(ctx, invoice.subscriptionId, (state) => {
    decidePayment(state, invoice, paidAt);
    return { decision: null };
  });

  const claimed = await ctx.invoices.claimPaid(invoice._id, paidAt, at, event.data.endToEndId ?? null);
  if (!claimed) {
    // Another delivery of the same event won the race.
    const current = (await ctx.invoices.findById(invoice._id))!;
    if (current.status === 'PAID') return { invoice: current, duplicate: true };
    throw canceledInvoice();
  }
  try {
    await run(ctx, invoice.subscriptionId, (state) => ({ decision: decidePayment(state, claimed, paidAt) }), { retries: 5 });
  } catch (error) {
    ctx.log.error({ err: error, invoiceId: invoice._id.toHexString() }, 'paid invoice could not be applied to its subscription');
    if (!(error instanceof AppError)) throw error;
  }
  return { invoice: (await ctx.invoices.findById(invoice._id)) ?? claimed, duplicate: false };
}
