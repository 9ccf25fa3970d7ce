import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

/** How often a PIX on screen asks whether it was paid, and how many times at most before asking the member. */
export const PAYMENT_POLL_INTERVAL_MS = 4000;
export const PAYMENT_POLL_LIMIT = 75; // 5 minutes

/** `GET /v1/subscriptions/{id}/payment-status`: two indexed reads on the API, made to be polled. */
export const getPaymentStatus = (api: TypedApi, subscriptionId: string, signal?: AbortSignal) =>
  api.get('/v1/subscriptions/{id}/payment-status', { params: { path: { id: subscriptionId } }, signal });

type PaymentStatus = Awaited<ReturnType<typeof getPaymentStatus>>;

/** Whether the answer says that this invoice (the one on screen) is paid. */
const invoicePaid = (data: PaymentStatus | undefined, invoiceId: string | undefined) => Boolean(data?.invoice && data.invoice._id === invoiceId && data.invoice.paid);

/**
 * Bounded polling while a PIX is on screen: every PAYMENT_POLL_INTERVAL_MS until the invoice is
 * paid or PAYMENT_POLL_LIMIT answers came, never while the tab is in the background.
 */
export const paymentStatusQueryOptions = (api: TypedApi, subscriptionId: string, invoiceId: string | undefined) =>
  queryOptions({
    queryKey: ['subscriptions', subscriptionId, 'payment-status', invoiceId],
    queryFn: ({ signal }) => getPaymentStatus(api, subscriptionId, signal),
    refetchInterval: (q) => (invoicePaid(q.state.data, invoiceId) || q.state.dataUpdateCount >= PAYMENT_POLL_LIMIT ? false : PAYMENT_POLL_INTERVAL_MS),
    refetchIntervalInBackground: false,
  });

/**
 * The polling also stops when `enabled` turns false (the code expired) and when the panel unmounts
 * (no observer left). `paid` is about that invoice only.
 */
export function usePaymentStatus(subscriptionId: string, invoiceId: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const options = paymentStatusQueryOptions(useApi(), subscriptionId, invoiceId);
  const query = useQuery({ ...options, enabled: enabled && Boolean(invoiceId) });
  const paid = invoicePaid(query.data, invoiceId);
  const answers = queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  /** The polling stopped without a payment: the page offers a manual check. */
  const limitReached = !paid && answers >= PAYMENT_POLL_LIMIT;
  return { ...query, paid, limitReached };
}
