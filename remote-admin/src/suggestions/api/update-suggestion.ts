import type { ApiBody, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { suggestionsQueryKey } from './get-suggestions';

export type SuggestionChanges = ApiBody<'/v1/suggestions/{id}', 'patch'>;
export type ItemType = 'CONTENT' | 'VIDEO';

export const updateSuggestion = (api: TypedApi, id: string, changes: SuggestionChanges) =>
  api.patch('/v1/suggestions/{id}', { params: { path: { id } }, body: changes });

/** Moves a suggestion on (NEW → READ → DONE) or links/unlinks the content that answered it. */
export function useUpdateSuggestion() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: SuggestionChanges }) => updateSuggestion(api, id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suggestionsQueryKey }),
  });
}

/** The catalogue items (drafts too: the admin sees everything) whose title matches, to pick the answer from. */
export async function getAnswerCandidates(api: TypedApi, itemType: ItemType, search: string, signal?: AbortSignal): Promise<{ _id: string; title: string }[]> {
  const query = { search, limit: 5 };
  const page = itemType === 'CONTENT' ? await api.get('/v1/contents/', { params: { query }, signal }) : await api.get('/v1/videos/', { params: { query }, signal });
  return page.data.map((item) => ({ _id: item._id, title: item.title }));
}

export const answerCandidatesQueryOptions = (api: TypedApi, itemType: ItemType, search: string) =>
  queryOptions({ queryKey: ['suggestions', 'answer-candidates', itemType, search], queryFn: ({ signal }) => getAnswerCandidates(api, itemType, search, signal) });

/** Asked for from the second letter on. */
export function useAnswerCandidates(itemType: ItemType, search: string) {
  return useQuery({ ...answerCandidatesQueryOptions(useApi(), itemType, search), enabled: search.trim().length >= 2 });
}
