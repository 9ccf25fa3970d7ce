import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `POST /v1/suggestions/{id}/vote`: counted once per member (`counted: false` when already voted). */
export function useVoteSuggestion() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/v1/suggestions/{id}/vote', { params: { path: { id } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['suggestions'] }),
  });
}
