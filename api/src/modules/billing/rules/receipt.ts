import type { InvoiceDocument } from '../documents';

/** An invoice that was paid with money (and maybe given back since) has a receipt; an admin's GRANT or an open invoice has none. */
export function hasReceipt(invoice: Pick<InvoiceDocument, 'status' | 'kind' | 'amountCents' | 'paidAt'>): boolean {
  return (invoice.status === 'PAID' || invoice.status === 'REFUNDED') && invoice.kind !== 'GRANT' && invoice.amountCents > 0 && invoice.paidAt !== null;
}
