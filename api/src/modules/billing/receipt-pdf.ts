import type { CompanyConfig } from '../../config';
import { formatBrl, formatCnpj, formatDate } from '../../http/format';
import { createPdfDocument, PDF_FONTS, renderPdf } from '../../http/pdf';
import type { PlanDocument } from '../plans/documents';
import type { UserDocument } from '../users/documents';
import type { InvoiceDocument, SubscriptionDocument } from './documents';
import { PAYMENT_METHOD_WORDS } from './rules/messages';
import { seatsOf } from './rules/pricing';

export interface ReceiptInput {
  invoice: InvoiceDocument;
  subscription: SubscriptionDocument;
  plan: PlanDocument | null;
  /** Null when the member's account was erased (the fiscal record stays without personal data). */
  payer: UserDocument | null;
  company: CompanyConfig;
  issuedAt: Date;
}

/** "recibo-2026-03-10-1a2b3c4d.pdf": the day paid and the end of the invoice's id. */
export const receiptFileName = (invoice: InvoiceDocument) =>
  `recibo-${(invoice.paidAt ?? invoice.createdAt).toISOString().slice(0, 10)}-${invoice._id.toHexString().slice(-8)}.pdf`;

const INK = '#1f2937';
const MUTED = '#4b5563';

/**
 * The receipt of a paid invoice as an A4 PDF (pdfkit with the embedded Unicode font of http/pdf.ts:
 * any payer's name prints). Everything is text, so it can be searched and read by a program: who received
 * (company, CNPJ, address), who paid (name, e-mail, the laboratory's CNPJ when given), what for
 * (plan, seats, period), how much, when and how (PIX with its end-to-end id when known). It is not
 * a nota fiscal, and says so.
 */
export function receiptPdf({ invoice, subscription, plan, payer, company, issuedAt }: ReceiptInput): Promise<Buffer> {
  const doc = createPdfDocument({ size: 'A4', margin: 56, info: { Title: `Recibo — ${invoice.description}`, Author: company.name } });
  return renderPdf(doc, () => drawReceipt(doc, { invoice, subscription, plan, payer, company, issuedAt }));
}

function drawReceipt(doc: PDFKit.PDFDocument, { invoice, subscription, plan, payer, company, issuedAt }: ReceiptInput): void {
  const line = (label: string, value: string) => {
    doc.font(PDF_FONTS.bold).fontSize(10).fillColor(MUTED).text(`${label}: `, { continued: true });
    doc.font(PDF_FONTS.regular).fillColor(INK).text(value);
  };
  const section = (title: string) => {
    doc.moveDown(0.8);
    doc.font(PDF_FONTS.bold).fontSize(12).fillColor(INK).text(title);
    doc.moveDown(0.2);
  };

  doc.font(PDF_FONTS.bold).fontSize(22).fillColor(INK).text('Recibo');
  doc.font(PDF_FONTS.regular).fontSize(10).fillColor(MUTED).text(`Nº ${invoice._id.toHexString()} · emitido em ${formatDate(issuedAt)}`);

  section('Recebemos de');
  line('Nome', payer?.name ?? 'Titular com dados excluídos a pedido (LGPD)');
  if (payer) line('E-mail', payer.email);
  line('CPF/CNPJ', payer?.laboratory?.cnpj ? `${formatCnpj(payer.laboratory.cnpj)} (${payer.laboratory.name})` : 'não informado');

  section('A quantia de');
  doc.font(PDF_FONTS.bold).fontSize(18).fillColor(INK).text(formatBrl(invoice.amountCents));

  section('Referente a');
  line('Descrição', invoice.description);
  if (plan) line('Plano', `${plan.name}${seatsOf(invoice) > 1 ? `, ${seatsOf(invoice)} assentos` : ''}`);
  if (invoice.periodStart && invoice.periodEnd) line('Período', `${formatDate(invoice.periodStart)} a ${formatDate(invoice.periodEnd)}`);
  line('Pago em', invoice.paidAt ? formatDate(invoice.paidAt) : '—');
  line('Forma de pagamento', PAYMENT_METHOD_WORDS[subscription.paymentMethod]);
  if (invoice.endToEndId) line('Identificador PIX (E2E)', invoice.endToEndId);
  if (invoice.status === 'REFUNDED' && invoice.refundedAt) {
    line('Devolvido em', `${formatDate(invoice.refundedAt)} — direito de arrependimento (art. 49 do Código de Defesa do Consumidor)`);
  }

  section('Recebido por');
  line('Empresa', company.name);
  line('CNPJ', formatCnpj(company.cnpj));
  line('Endereço', company.address);
  line('Contato', company.phone ? `${company.email} · ${company.phone}` : company.email);

  doc.moveDown(1.5);
  doc.font(PDF_FONTS.regular).fontSize(9).fillColor(MUTED).text('Este recibo comprova o pagamento. Ele não é nota fiscal: a nota fiscal de serviço é emitida à parte.');
}
