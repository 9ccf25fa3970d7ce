import type { ApiBody, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type EmailPreferences = ApiBody<'/v1/me/email-preferences/', 'put'>;

const emailPreferencesKey = ['me', 'email-preferences'] as const;

export const getEmailPreferences = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/me/email-preferences/', { signal });

/** `GET /v1/me/email-preferences`: which optional e-mails (reminders, news) the member gets. */
export function useEmailPreferences() {
  const api = useApi();
  return useQuery({ queryKey: emailPreferencesKey, queryFn: ({ signal }) => getEmailPreferences(api, signal) });
}

/** `PUT /v1/me/email-preferences`: turns reminders or news on or off (money and access always go). */
export function useSaveEmailPreferences() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: EmailPreferences) => api.put('/v1/me/email-preferences/', { body: preferences }),
    onSuccess: (saved) => queryClient.setQueryData(emailPreferencesKey, saved),
  });
}
