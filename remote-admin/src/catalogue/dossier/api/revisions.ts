import type { ApiBody, ApiResponse, CatalogueKind } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type RevisionHistory = ApiResponse<'/v1/revisions/{kind}/{itemId}'>;
export type Revision = RevisionHistory['history'][number];
export type PublishRevisionBody = ApiBody<'/v1/revisions/{kind}/{itemId}', 'post'>;
export type RevisionImpact = ApiResponse<'/v1/revisions/{kind}/{itemId}/impact'>;

const key = (kind: CatalogueKind, itemId: string) => ['admin', 'revisions', kind, itemId] as const;

/** `GET /v1/revisions/{kind}/{id}`: the revision in force and the history, newest first. */
export function useRevisions(kind: CatalogueKind, itemId: string) {
  const api = useApi();
  return useQuery({
    queryKey: key(kind, itemId),
    queryFn: ({ signal }) => api.get('/v1/revisions/{kind}/{itemId}', { params: { path: { kind, itemId } }, signal }),
  });
}

/** `GET /v1/revisions/{kind}/{id}/impact` (admin): how many people a new revision makes due again and how many completions it supersedes, now. */
export function useRevisionImpact(kind: CatalogueKind, itemId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...key(kind, itemId), 'impact'],
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) => api.get('/v1/revisions/{kind}/{itemId}/impact', { params: { path: { kind, itemId } }, signal }),
  });
}

/** `POST /v1/revisions/{kind}/{id}` (admin): publishes a revision; the history is refetched. */
export function usePublishRevision(kind: CatalogueKind, itemId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishRevisionBody) => api.post('/v1/revisions/{kind}/{itemId}', { params: { path: { kind, itemId } }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(kind, itemId) }),
  });
}
