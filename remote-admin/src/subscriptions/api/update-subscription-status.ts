import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type AdminStatus = 'ACTIVE' | 'PAUSED' | 'CANCELED';

export const updateSubscriptionStatus = (api: TypedApi, subscriptionId: string, status: AdminStatus, reason?: string) =>
  api.patch('/v1/subscriptions/status', { body: { subscriptionId, status, ...(reason ? { reason } : {}) } });

/** The admin's decision on a subscription; every subscriptions list (and the member's page) is refreshed. */
export function useUpdateSubscriptionStatus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: AdminStatus; reason?: string }) => updateSubscriptionStatus(api, id, status, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
  });
}
