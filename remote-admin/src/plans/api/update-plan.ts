import type { ApiBody, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type PlanChanges = ApiBody<'/v1/plans/{id}', 'patch'>;

export const updatePlan = (api: TypedApi, id: string, changes: PlanChanges) => api.patch('/v1/plans/{id}', { params: { path: { id } }, body: changes });

/** Presentation only (price and interval belong to the payment gateway); every plans query is refreshed, since a highlight moves. */
export function useUpdatePlan() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: PlanChanges }) => updatePlan(api, id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plans'] }),
  });
}
