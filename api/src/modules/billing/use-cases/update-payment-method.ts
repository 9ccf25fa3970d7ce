import type { PaymentMethod, SubscriptionDocument } from '../documents';
import { decidePaymentMethod } from '../rules/lifecycle';
import { checkPaymentMethod, run, type BillingContext } from './context';

export async function updatePaymentMethod(ctx: BillingContext, subscription: SubscriptionDocument, paymentMethod: PaymentMethod | undefined): Promise<SubscriptionDocument> {
  checkPaymentMethod(paymentMethod);
  return (await run(ctx, subscription._id, (state) => ({ decision: decidePaymentMethod(state, paymentMethod) }))).subscription;
}
