import { useAuth, type ApiBody } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** After any change to a subscription: its queries (invoices, PIX) and the profile (credits, `hasActiveSubscription`). */
function useRefreshSubscription() {
  const queryClient = useQueryClient();
  const { refreshProfile } = useAuth();
  return async (id: string) => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['subscriptions', id] }), refreshProfile()]);
  };
}

/** `POST /v1/subscriptions`: a PENDING subscription and its first invoice (the checkout's "Gerar PIX"). */
export function useCreateSubscription() {
  const api = useApi();
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/subscriptions/', 'post'>) => api.post('/v1/subscriptions/', { body }),
    onSuccess: (subscription) => refresh(subscription._id),
  });
}

/** `PATCH /v1/subscriptions` `{ subscriptionId, paymentMethod }`: how the next charges are paid. */
export function useChangePaymentMethod(id: string) {
  const api = useApi();
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: (paymentMethod: 'PIX' | 'CREDIT_CARD') => api.patch('/v1/subscriptions/', { body: { subscriptionId: id, paymentMethod } }),
    onSuccess: () => refresh(id),
  });
}

/** `PATCH /v1/subscriptions/{id}/plan`: confirms a plan change, and for a laboratory the seats (the preview said what it costs). */
export function useChangePlan(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: ({ externalPlanId, seats }: { externalPlanId: string; seats?: number }) =>
      api.patch('/v1/subscriptions/{subscriptionId}/plan', { params: { path: { subscriptionId: id } }, body: seats === undefined ? { externalPlanId } : { externalPlanId, seats } }),
    onSuccess: async () => {
      await Promise.all([refresh(id), queryClient.invalidateQueries({ queryKey: ['team'] })]);
    },
  });
}

/** `POST /v1/subscriptions/cancelRequest/{id}`: access stays until `endDate`, no renewal. */
export function useRequestCancel(id: string) {
  const api = useApi();
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/subscriptions/cancelRequest/{id}', 'post'>) => api.post('/v1/subscriptions/cancelRequest/{id}', { params: { path: { id } }, body }),
    onSuccess: () => refresh(id),
  });
}

/** `PATCH /v1/subscriptions/reactivate/{id}`: undoes a cancel request (or starts a new cycle after a cancel). */
export function useReactivate(id: string) {
  const api = useApi();
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: () => api.patch('/v1/subscriptions/reactivate/{id}', { params: { path: { id } } }),
    onSuccess: () => refresh(id),
  });
}

/** `DELETE /v1/subscriptions/{id}/pix-automatico` ("Desativar"): the recurrence is cancelled at the bank; the next cycles are plain PIX. */
export function useDeactivatePixAutomatic(id: string) {
  const api = useApi();
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: () => api.delete('/v1/subscriptions/{id}/pix-automatico', { params: { path: { id } } }),
    onSuccess: () => refresh(id),
  });
}

/** `GET /v1/subscriptions/{id}/withdrawal`: whether the 7-day right of withdrawal (art. 49 CDC) applies now, until when, and how much comes back. */
export function useWithdrawal(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['subscriptions', id, 'withdrawal'], queryFn: ({ signal }) => api.get('/v1/subscriptions/{id}/withdrawal', { params: { path: { id } }, signal }) });
}

/** `POST /v1/subscriptions/{id}/withdrawal`: ends the subscription now and refunds every payment the way it came (art. 49 CDC). */
export function useWithdraw(id: string) {
  const api = useApi();
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/subscriptions/{id}/withdrawal', 'post'>) => api.post('/v1/subscriptions/{id}/withdrawal', { params: { path: { id } }, body }),
    onSuccess: () => refresh(id),
  });
}
