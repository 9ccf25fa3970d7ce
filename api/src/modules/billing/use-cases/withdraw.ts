import type { InvoiceDocument, SubscriptionDocument } from '../documents';
import { loadState, run, type BillingContext } from './context';
import { decideWithdrawal, withdrawalOf, type Withdrawal } from '../rules/withdrawal';

const REFUND_REASON = 'Direito de arrependimento (art. 49 do Código de Defesa do Consumidor)';

/** Whether the member may withdraw now (first purchase, within 7 days of paying), and what would be refunded. */
export async function withdrawalPreview(ctx: BillingContext, subscription: SubscriptionDocument): Promise<Withdrawal | null> {
  const [state, firstPayment] = await Promise.all([loadState(ctx, subscription._id), ctx.invoices.firstPaymentOfUser(subscription.userId)]);
  return withdrawalOf(state, firstPayment);
}

/**
 * Asks the gateway to give one refunded invoice back and records its id. A failure is logged and
 * left for the reconciliation job (`refundExternalId` stays null): the subscription is already
 * ended, and the money is owed until the gateway takes the refund.
 */
export async function sendRefund(ctx: BillingContext, invoice: InvoiceDocument, paymentMethod: SubscriptionDocument['paymentMethod']): Promise<boolean> {
  try {
    const { refundId } = await ctx.gateway.refund({
      invoiceId: invoice._id.toHexString(),
      externalId: invoice.externalId,
      amountCents: invoice.refundedCents ?? invoice.amountCents,
      paymentMethod,
      endToEndId: invoice.endToEndId ?? null,
      reason: REFUND_REASON,
    });
    await ctx.invoices.update(invoice._id, { refundExternalId: refundId }, ctx.now());
    return true;
  } catch (error) {
    ctx.log.error({ err: error, invoiceId: invoice._id.toHexString() }, 'refund not accepted by the gateway; the reconciliation will send it again');
    return false;
  }
}

/**
 * The owner withdraws (art. 49 CDC): the subscription ends now and every payment is marked
 * REFUNDED (the lock: a conditional write on the subscription), then each refund goes to the gateway.
 */
export async function withdraw(ctx: BillingContext, subscription: SubscriptionDocument, reason: string, comment: string | null): Promise<SubscriptionDocument> {
  const firstPayment = await ctx.invoices.firstPaymentOfUser(subscription.userId);
  const outcome = await run(ctx, subscription._id, (state) => ({ decision: decideWithdrawal(state, firstPayment, reason, comment) }));
  for (const { _id } of outcome.decision?.invoiceUpdates ?? []) {
    const invoice = await ctx.invoices.findById(_id);
    if (invoice?.status === 'REFUNDED') await sendRefund(ctx, invoice, outcome.subscription.paymentMethod);
  }
  return outcome.subscription;
}
