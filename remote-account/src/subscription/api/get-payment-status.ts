import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useQuery, useQueryClient } from '@tanstack/react-query';

/** How often a PIX on screen asks whether it was paid, and how many times at most before asking the member. */
export const PAYMENT_POLL_INTERVAL_MS = 4000;
export const PAYMENT_POLL_LIMIT = 75; // 5 minutes

/** `GET /v1/subscriptions/{id}/payment-status`: two indexed reads on the API, made to be polled. */
export const getPaymentStatus = (api: TypedApi, subscriptionId: string, signal?: AbortSignal) =>
  api.get('/v1/subscriptions/{id}/payment-status', { params: { path: { id: subscriptionId } }, signal });

/**
 * Bounded polling while a PIX is on screen: stops when the invoice on screen is paid, when
 * `enabled` turns false (the code expired), after PAYMENT_POLL_LIMIT answers, and when the panel
 * unmounts (no observer left). `paid` is about that invoice only.
 */
export function usePaymentStatus(subscriptionId: string, invoiceId: string | undefined, enabled: boolean) {
  const api = useApi();
  const queryClient = useQueryClient();
  const queryKey = ['subscriptions', subscriptionId, 'payment-status', invoiceId];
  const isPaid = (data: Awaited<ReturnType<typeof getPaymentStatus>> | undefined) => Boolean(data?.invoice && data.invoice._id === invoiceId && data.invoice.paid);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => getPaymentStatus(api, subscriptionId, signal),
    enabled: enabled && Boolean(invoiceId),
    refetchInterval: (q) => (isPaid(q.state.data) || q.state.dataUpdateCount >= PAYMENT_POLL_LIMIT ? false : PAYMENT_POLL_INTERVAL_MS),
    refetchIntervalInBackground: false,
  });
  const paid = isPaid(query.data);
  const answers = queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  /** The polling stopped without a payment: the page offers a manual check. */
  const limitReached = !paid && answers >= PAYMENT_POLL_LIMIT;
  return { ...query, paid, limitReached };
}
