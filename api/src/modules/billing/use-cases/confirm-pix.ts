import type { PaymentWebhookEvent } from '../../../plugins/payment-gateway/gateway';
import { AppError } from '../../../http/app-error';
import type { BillingContext } from './context';
import type { InvoiceDocument } from '../documents';
import type { PaymentOutcome } from './pay-invoice';

/** A Pix the PSP says it received (an API Pix `/pix` callback's item, or found by reconciliation). */
export interface ReportedPix {
  txid: string;
  endToEndId: string;
  amountCents: number;
  paidAt: string;
}

export interface PixConfirmation {
  txid: string;
  endToEndId: string;
  /**
   * PAID: the invoice is paid now; DUPLICATE: it was already; NOT_CONFIRMED: the PSP's own record
   * does not show this Pix for the charge's amount; UNKNOWN_CHARGE: no invoice has this txid;
   * REFUSED: billing refused the payment (e.g. the invoice was cancelled), with its reason.
   */
  outcome: 'PAID' | 'DUPLICATE' | 'NOT_CONFIRMED' | 'UNKNOWN_CHARGE' | 'REFUSED';
  invoiceId?: string;
  statusCode?: number;
  code?: string;
  message?: string;
}

/** The payment event of a Pix the PSP shows received for an invoice (its id: the E2E, so a replay is the same event). */
export function pixPaidEvent(ctx: Pick<BillingContext, 'now'>, invoice: Pick<InvoiceDocument, '_id' | 'externalId'>, pix: { endToEndId: string; amountCents: number; paidAt: string }): PaymentWebhookEvent {
  return {
    id: `pix_${pix.endToEndId}`,
    type: 'invoice.paid',
    createdAt: ctx.now().toISOString(),
    data: { invoiceId: invoice._id.toHexString(), externalId: invoice.externalId, amountCents: pix.amountCents, paidAt: pix.paidAt, endToEndId: pix.endToEndId },
  };
}

/**
 * A callback is a signal, never the proof: the charge is read back from the PSP (`GET /cob/{txid}`)
 * and the Pix counts only when the PSP shows it CONCLUIDA, for the invoice's amount, with this
 * endToEndId and value. Then the ordinary payment (its conditional claim makes a replay a no-op).
 */
export async function confirmPix(ctx: BillingContext, reported: ReportedPix, pay: (event: PaymentWebhookEvent) => Promise<PaymentOutcome>): Promise<PixConfirmation> {
  const base = { txid: reported.txid, endToEndId: reported.endToEndId };
  const invoice = await ctx.invoices.findByPixTxid(reported.txid);
  if (!invoice || !ctx.gateway.readPixCharge) return { ...base, outcome: 'UNKNOWN_CHARGE' };
  const invoiceId = invoice._id.toHexString();
  if (invoice.status === 'REFUNDED') return { ...base, invoiceId, outcome: 'DUPLICATE' };
  if (invoice.status === 'PAID') {
    // Already paid: nothing to read back at the PSP. The payment path still runs — it answers
    // "duplicate" and queues the receipt again under its key — because a PSP repeats a callback
    // when the API died before answering it, and that may have been between PAID and the receipt.
    await pay(pixPaidEvent(ctx, invoice, reported));
    return { ...base, invoiceId, outcome: 'DUPLICATE' };
  }
  const charge = await ctx.gateway.readPixCharge(reported.txid);
  const received = charge?.payments.find((payment) => payment.endToEndId === reported.endToEndId);
  if (!charge || charge.status !== 'PAID' || charge.amountCents !== invoice.amountCents || !received || received.amountCents !== reported.amountCents || received.amountCents !== invoice.amountCents) {
    ctx.log.warn({ txid: reported.txid, invoiceId, pspStatus: charge?.status ?? null }, 'PIX callback not confirmed by the PSP');
    return { ...base, invoiceId, outcome: 'NOT_CONFIRMED' };
  }
  try {
    const outcome = await pay(pixPaidEvent(ctx, invoice, received));
    ctx.log.info({ txid: reported.txid, invoiceId, duplicate: outcome.duplicate }, 'PIX payment confirmed');
    return { ...base, invoiceId, outcome: outcome.duplicate ? 'DUPLICATE' : 'PAID' };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.log.warn({ txid: reported.txid, invoiceId, code: error.code }, 'PIX payment refused by billing');
    return { ...base, invoiceId, outcome: 'REFUSED', statusCode: error.statusCode, code: error.code, message: error.message };
  }
}

/** Reconciliation: every open PIX charge read back from the PSP, so a lost callback never loses a payment. Answers how many were paid. */
export async function reconcilePix(ctx: BillingContext, pay: (event: PaymentWebhookEvent) => Promise<PaymentOutcome>): Promise<number> {
  if (!ctx.gateway.readPixCharge) return 0;
  let paid = 0;
  for (const invoice of await ctx.invoices.listOpenWithPix()) {
    const txid = invoice.pix!.txid;
    let charge;
    try {
      charge = await ctx.gateway.readPixCharge(txid);
    } catch (error) {
      ctx.log.warn({ txid, err: error instanceof Error ? error.message : String(error) }, 'PIX charge not read during reconciliation');
      continue;
    }
    const payment = charge?.status === 'PAID' ? charge.payments[0] : undefined;
    if (!payment) continue;
    const result = await confirmPix(ctx, { txid, endToEndId: payment.endToEndId, amountCents: payment.amountCents, paidAt: payment.paidAt }, pay);
    if (result.outcome === 'PAID') paid += 1;
  }
  return paid;
}
