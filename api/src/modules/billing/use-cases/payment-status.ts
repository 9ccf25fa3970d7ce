import type { InvoiceDocument, SubscriptionDocument } from '../documents';
import type { BillingContext } from './context';

export interface PaymentStatus {
  subscription: SubscriptionDocument;
  /** The invoice to pay now (oldest open), else the newest one. */
  invoice: InvoiceDocument | null;
}

/** Cheap read for live PIX confirmation: two indexed lookups, no rendering, no gateway call. */
export async function paymentStatus(ctx: BillingContext, subscription: SubscriptionDocument): Promise<PaymentStatus> {
  const [open] = await ctx.invoices.findOpen(subscription._id);
  if (open) return { subscription, invoice: open };
  const { data } = await ctx.invoices.listBySubscription(subscription._id, 1, 1);
  return { subscription, invoice: data[0] ?? null };
}
