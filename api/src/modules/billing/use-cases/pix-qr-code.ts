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
