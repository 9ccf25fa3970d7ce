import { ApiError, type ApiBody, type ApiResponse } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type AssessmentView = ApiResponse<'/v1/assessments/{kind}/{itemId}'>;
export type OpenAttempt = ApiResponse<'/v1/assessments/{kind}/{itemId}/attempts', 'post'>;
export type GradedAttempt = ApiResponse<'/v1/assessments/attempts/{attemptId}/submission', 'post'>;
export type Answers = ApiBody<'/v1/assessments/attempts/{attemptId}/submission', 'post'>['answers'];

const key = (videoId: string) => ['assessment', 'videos', videoId] as const;

/** `GET /v1/assessments/videos/{id}`: the quiz's rules and the member's attempts (never the key); null when the video has none. */
export function useAssessment(videoId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: key(videoId),
    enabled,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/v1/assessments/{kind}/{itemId}', { params: { path: { kind: 'videos', itemId: videoId } }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) return null;
        throw error;
      }
    },
  });
}

/** Starts (or resumes) an attempt: the questions, shuffled, without the key. */
export function useStartAttempt(videoId: string) {
  const api = useApi();
  return useMutation({ mutationFn: () => api.post('/v1/assessments/{kind}/{itemId}/attempts', { params: { path: { kind: 'videos', itemId: videoId } } }) });
}

/** Sends the answers: graded on the server; the view (attempts, passed) is refreshed. */
export function useSubmitAttempt(videoId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, answers }: { attemptId: string; answers: Answers }) =>
      api.post('/v1/assessments/attempts/{attemptId}/submission', { params: { path: { attemptId } }, body: { answers } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(videoId) }),
  });
}
