import type { ApiBody } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type SuggestionBody = ApiBody<'/v1/suggestions/', 'post'>;

/** `POST /v1/suggestions`: a new suggestion; both lists change. */
export function useCreateSuggestion() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuggestionBody) => api.post('/v1/suggestions/', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['suggestions'] }),
  });
}
