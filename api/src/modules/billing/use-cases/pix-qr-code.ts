import QRCode from 'qrcode';
import type { InvoiceDocument, PixCharge, SubscriptionDocument } from '../documents';
import { conflict, notFound } from '../../../http/app-error';
import type { BillingContext } from './context';

export interface PixQrCode {
  invoice: InvoiceDocument;
  payload: string;
  qrCodeDataUrl: string;
  expiresAt: Date;
}

/**
 * PNG of the PIX payload. pngjs (under qrcode) accepts `filterType`; its adaptive default tries
 * five filters per row, ten times the work for no gain on a two-colour image.
 */
const QR_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 2,
  width: 320,
  rendererOpts: { filterType: 0 },
} as QRCode.QRCodeToDataURLOptions;

/**
 * The oldest open invoice's PIX: a fresh payload once the last one expired, and its QR code
 * rendered once per payload and stored with it (later calls read it, no CPU spent).
 */
export async function pixQrCode(ctx: BillingContext, subscription: SubscriptionDocument): Promise<PixQrCode> {
  if (subscription.paymentMethod !== 'PIX') {
    throw conflict('Esta assinatura é paga com cartão de crédito: não há código PIX. Altere a forma de pagamento para PIX.', 'PIX_NOT_AVAILABLE');
  }
  const [invoice] = await ctx.invoices.findOpen(subscription._id);
  if (!invoice) throw notFound('Não há fatura em aberto para esta assinatura.', 'NO_OPEN_INVOICE');
  const debit = invoice.recurringCharge;
  if (debit && (debit.status === 'ATIVA' || debit.status === 'CRIADA')) {
    if (debit.failures === 0) {
      const [year, month, day] = debit.dueDate.split('-');
      throw conflict(`Esta fatura será debitada pelo Pix Automático em ${day}/${month}/${year}: não há código para pagar.`, 'PIX_AUTOMATIC_DEBIT_SCHEDULED');
    }
    // A failed debit: paying by PIX now replaces the retries (so the cycle is never charged twice).
    await ctx.gateway.pixAutomatic?.cancelRecurringCharge(debit.txid);
    const after = await ctx.gateway.pixAutomatic?.readRecurringCharge(debit.txid);
    if (after && after.status !== 'CANCELADA') {
      // Debited meanwhile (the PSP refused the cancellation): the reconciliation will pay the cycle.
      throw conflict('O seu banco já está processando o débito desta fatura. Aguarde a confirmação.', 'PIX_AUTOMATIC_DEBIT_IN_PROGRESS');
    }
    await ctx.invoices.setRecurringCharge(invoice._id, { ...debit, status: 'CANCELADA', retryOn: null }, ctx.now());
  }
  let pix: PixCharge | null = invoice.pix;
  if (!pix || pix.expiresAt <= ctx.now()) {
    pix = await ctx.gateway.renewPix({
      invoiceId: invoice._id.toHexString(),
      externalId: invoice.externalId,
      kind: invoice.kind,
      customerId: subscription.externalCustomerId,
      amountCents: invoice.amountCents,
      dueDate: invoice.dueDate,
      paymentMethod: 'PIX',
      description: invoice.description,
    });
  }
  if (!pix.qrCodeDataUrl) {
    pix = { ...pix, qrCodeDataUrl: await QRCode.toDataURL(pix.payload, QR_OPTIONS) };
    await ctx.invoices.setPix(invoice._id, pix, ctx.now());
  }
  return { invoice: { ...invoice, pix }, payload: pix.payload, qrCodeDataUrl: pix.qrCodeDataUrl!, expiresAt: pix.expiresAt };
}
