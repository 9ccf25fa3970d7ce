import { ApiError, type ApiBody, type ApiResponse, type CatalogueKind } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type Quiz = ApiResponse<'/v1/assessments/{kind}/{itemId}/key'>;
export type QuizBody = ApiBody<'/v1/assessments/{kind}/{itemId}', 'put'>;

const key = (kind: CatalogueKind, itemId: string) => ['admin', 'quiz', kind, itemId] as const;

/** `GET /v1/assessments/{kind}/{id}/key` (admin): the quiz with its key; null when the item has none. */
export function useQuiz(kind: CatalogueKind, itemId: string) {
  const api = useApi();
  return useQuery({
    queryKey: key(kind, itemId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/v1/assessments/{kind}/{itemId}/key', { params: { path: { kind, itemId } }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404 && error.code === 'ASSESSMENT_NOT_FOUND') return null;
        throw error;
      }
    },
  });
}

/** `PUT /v1/assessments/{kind}/{id}` (admin): creates or replaces the quiz (its version goes up). */
export function useSaveQuiz(kind: CatalogueKind, itemId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuizBody) => api.put('/v1/assessments/{kind}/{itemId}', { params: { path: { kind, itemId } }, body }),
    onSuccess: (quiz) => queryClient.setQueryData(key(kind, itemId), quiz),
  });
}

/** `DELETE /v1/assessments/{kind}/{id}` (admin): the item has no quiz any more; attempts stay in the history. */
export function useRemoveQuiz(kind: CatalogueKind, itemId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/v1/assessments/{kind}/{itemId}', { params: { path: { kind, itemId } } }),
    onSuccess: () => queryClient.setQueryData(key(kind, itemId), null),
  });
}
