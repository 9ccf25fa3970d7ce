import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useQuery, useQueryClient } from '@tanstack/react-query';

/** How often a PIX on screen asks whether it was paid, and how many times at most before asking the member. */
export const PAYMENT_POLL_INTERVAL_MS = 4000;
export const PAYMENT_POLL_LIMIT = 75; // 5 minutes

export interface PaymentStatus {
  paid: boolean;
}

/**
 * Whether the invoice on screen was paid. Reads the subscription's newest invoices (today's API);
 * the billing rework's cheap `GET /v1/subscriptions/{id}/payment-status` replaces this one call.
 */
export async function getPaymentStatus(api: TypedApi, subscriptionId: string, invoiceId: string, signal?: AbortSignal): Promise<PaymentStatus> {
  const { data } = await api.get('/v1/subscriptions/{id}/invoices', { params: { path: { id: subscriptionId }, query: { page: 1, limit: 10 } }, signal });
  return { paid: data.some((invoice) => invoice._id === invoiceId && invoice.status === 'PAID') };
}

/**
 * Bounded polling while a PIX is on screen: stops when paid, when `enabled` turns false (the code
 * expired), after PAYMENT_POLL_LIMIT answers, and when the panel unmounts (no observer left).
 */
export function usePaymentStatus(subscriptionId: string, invoiceId: string | undefined, enabled: boolean) {
  const api = useApi();
  const queryClient = useQueryClient();
  const queryKey = ['subscriptions', subscriptionId, 'payment-status', invoiceId];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => getPaymentStatus(api, subscriptionId, invoiceId ?? '', signal),
    enabled: enabled && Boolean(invoiceId),
    refetchInterval: (query) => (query.state.data?.paid || query.state.dataUpdateCount >= PAYMENT_POLL_LIMIT ? false : PAYMENT_POLL_INTERVAL_MS),
    refetchIntervalInBackground: false,
  });
  const answers = queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  /** The polling stopped without a payment: the page offers a manual check. */
  const limitReached = !query.data?.paid && answers >= PAYMENT_POLL_LIMIT;
  return { ...query, limitReached };
}
