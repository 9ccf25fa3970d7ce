import { ME_QUERY_KEY, useAuth, type ApiResponse, type TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { teamQueryKey } from './get-team';

export type InvitationSummary = ApiResponse<'/v1/team/invitations/by-token/{token}'>;

/** `GET /v1/team/invitations/by-token/{token}`: which laboratory invited which e-mail, for the acceptance page. */
export const getInvitation = (api: TypedApi, token: string, signal?: AbortSignal) =>
  api.get('/v1/team/invitations/by-token/{token}', { params: { path: { token } }, signal });

export const invitationQueryKey = (token: string) => ['invitations', token] as const;

export const invitationQueryOptions = (api: TypedApi, token: string) =>
  queryOptions({ queryKey: invitationQueryKey(token), queryFn: ({ signal }) => getInvitation(api, token, signal) });

export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(useApi(), token), enabled: Boolean(token) });
}

/** `POST /v1/team/invitations/by-token/{token}/accept`: takes a seat; the profile (`['me']`: access, `team`) is fetched again. */
export function useAcceptInvitation(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { refreshProfile } = useAuth();
  return useMutation({
    mutationFn: () => api.post('/v1/team/invitations/by-token/{token}/accept', { params: { path: { token } } }),
    onSuccess: async () => {
      await Promise.all([
        refreshProfile(),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: invitationQueryKey(token) }),
        queryClient.invalidateQueries({ queryKey: teamQueryKey }),
      ]);
    },
  });
}
