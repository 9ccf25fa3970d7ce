import type { ApiBody, ApiResponse } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type CompetenceFunction = ApiResponse<'/v1/competence/accounts/{accountId}/functions'>['data'][number];
export type FunctionBody = ApiBody<'/v1/competence/accounts/{accountId}/functions', 'post'>;

/** A catalogue item a function can require, as the picker shows it. */
export interface CatalogueChoice {
  itemType: 'VIDEO' | 'CONTENT';
  itemId: string;
  title: string;
}

const functionsKey = (accountId: string) => ['team', 'competence-functions', accountId] as const;

/** `GET /v1/competence/accounts/{id}/functions`: the laboratory's functions, what each requires and who holds it. */
export function useFunctions(accountId: string) {
  const api = useApi();
  return useQuery({
    queryKey: functionsKey(accountId),
    queryFn: ({ signal }) => api.get('/v1/competence/accounts/{accountId}/functions', { params: { path: { accountId } }, signal }),
  });
}

/**
 * The published videos and contents (up to 100 of each, by title) a function can require; an item
 * with a quiz is completed only by passing it (the API decides).
 */
export function useCatalogueChoices() {
  const api = useApi();
  return useQuery({
    queryKey: ['team', 'catalogue-choices'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<CatalogueChoice[]> => {
      const query = { limit: 100, sort: 'title' as const };
      const [videos, contents] = await Promise.all([api.get('/v1/videos/', { params: { query }, signal }), api.get('/v1/contents/', { params: { query }, signal })]);
      return [
        ...videos.data.map((video) => ({ itemType: 'VIDEO' as const, itemId: video._id, title: video.title })),
        ...contents.data.map((content) => ({ itemType: 'CONTENT' as const, itemId: content._id, title: content.title })),
      ];
    },
  });
}

/** After any change: the functions, the matrix (people × requirements) and the audit trail are read again. */
function useInvalidateCompetence(accountId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: functionsKey(accountId) }),
      queryClient.invalidateQueries({ queryKey: ['team', 'competence-matrix', accountId] }),
      queryClient.invalidateQueries({ queryKey: ['team', 'audit', accountId] }),
    ]);
}

/** Creates (`POST`) or edits (`PUT …/functions/{id}`) a function. */
export function useSaveFunction(accountId: string) {
  const api = useApi();
  const invalidate = useInvalidateCompetence(accountId);
  return useMutation({
    mutationFn: ({ functionId, body }: { functionId?: string; body: FunctionBody }) =>
      functionId
        ? api.put('/v1/competence/accounts/{accountId}/functions/{functionId}', { params: { path: { accountId, functionId } }, body })
        : api.post('/v1/competence/accounts/{accountId}/functions', { params: { path: { accountId } }, body }),
    onSuccess: invalidate,
  });
}

/** `DELETE …/functions/{id}`: archived — it leaves the list, the trails and the matrix; the records stay. */
export function useArchiveFunction(accountId: string) {
  const api = useApi();
  const invalidate = useInvalidateCompetence(accountId);
  return useMutation({
    mutationFn: (functionId: string) => api.delete('/v1/competence/accounts/{accountId}/functions/{functionId}', { params: { path: { accountId, functionId } } }),
    onSuccess: invalidate,
  });
}

/** `PUT` (assign) or `DELETE` (take away) `…/functions/{id}/assignees/{userId}`. */
export function useAssignment(accountId: string) {
  const api = useApi();
  const invalidate = useInvalidateCompetence(accountId);
  return useMutation({
    mutationFn: ({ functionId, userId, assigned }: { functionId: string; userId: string; assigned: boolean }) => {
      const params = { path: { accountId, functionId, userId } };
      const path = '/v1/competence/accounts/{accountId}/functions/{functionId}/assignees/{userId}' as const;
      return assigned ? api.put(path, { params }) : api.delete(path, { params });
    },
    onSuccess: invalidate,
  });
}
