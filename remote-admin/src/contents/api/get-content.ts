import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentsQueryKey } from './get-contents';

/** `GET /v1/contents/{id}`: an admin gets the body and the attachments (signed links) of any content. */
export const contentQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({ queryKey: [...contentsQueryKey, 'one', id], queryFn: ({ signal }) => api.get('/v1/contents/{idOrSlug}', { params: { path: { idOrSlug: id } }, signal }) });

export function useContent(id: string) {
  return useQuery(contentQueryOptions(useApi(), id));
}
