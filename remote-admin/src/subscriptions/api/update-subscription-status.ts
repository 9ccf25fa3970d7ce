import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type AdminStatus = 'ACTIVE' | 'PAUSED' | 'CANCELED';

export const updateSubscriptionStatus = (api: TypedApi, subscriptionId: string, status: AdminStatus) =>
  api.patch('/v1/subscriptions/status', { body: { subscriptionId, status } });

/** The admin's decision on a subscription; every subscriptions list (and the member's page) is refreshed. */
export function useUpdateSubscriptionStatus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AdminStatus }) => updateSubscriptionStatus(api, id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
  });
}
