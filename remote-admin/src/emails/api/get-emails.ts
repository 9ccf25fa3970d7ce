import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiQuery, ListParams, TypedApi } from '@clube/platform';
import { useApi, usePaginatedQuery } from '@clube/platform/data';

/** The list's filter, in the URL under the API's own name (`?state=DEAD`). */
export const EMAIL_FILTERS = ['state'] as const;
export type EmailFilter = (typeof EMAIL_FILTERS)[number];
type EmailsQuery = Omit<ApiQuery<'/v1/admin/emails/'>, 'page' | 'limit'>;

const STATES = ['PENDING', 'RUNNING', 'DONE', 'DEAD'] as const;

export function emailsQuery(filters: ListParams<EmailFilter>['filters']): EmailsQuery {
  const state = STATES.find((candidate) => candidate === filters.state);
  return state ? { state } : {};
}

export const emailsQueryKey = ['admin-emails'] as const;

export const emailsQueryOptions = (api: TypedApi, { page, limit, filters }: ListParams<EmailFilter>) =>
  queryOptions({
    queryKey: [...emailsQueryKey, { page, limit, filters }],
    queryFn: ({ signal }) => api.get('/v1/admin/emails/', { params: { query: { page, limit, ...emailsQuery(filters) } }, signal }),
  });

export function useEmails() {
  const api = useApi();
  return usePaginatedQuery({ query: (params: ListParams<EmailFilter>) => emailsQueryOptions(api, params), filters: EMAIL_FILTERS });
}

/** "Reenviar": a message that failed for good goes back to the queue. */
export function useResendEmail() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/v1/admin/emails/{id}/resend', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsQueryKey }),
  });
}
