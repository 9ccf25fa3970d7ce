import type { ApiBody, TypedApi } from '@clube/platform';
import { useAuth } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type UnlockBody = ApiBody<'/v1/unlocks/', 'post'>;

/** `POST /v1/unlocks`: spends the item's credits (201), or nothing when it was already unlocked (200). */
export const unlockItem = (api: TypedApi, body: UnlockBody) => api.post('/v1/unlocks/', { body });

/** Unlocks, then reloads the item (now with its body or source), the lists' badges and the balance. */
export function useUnlockItem() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { refreshProfile } = useAuth();
  return useMutation({
    mutationFn: (body: UnlockBody) => unlockItem(api, body),
    onSuccess: async (_result, body) => {
      const area = body.itemType === 'VIDEO' ? 'videos' : 'contents';
      await Promise.all([queryClient.invalidateQueries({ queryKey: [area] }), refreshProfile()]);
    },
  });
}
