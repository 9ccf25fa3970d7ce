import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamQueryKey } from './get-team';

/** `POST /v1/team/invitations`: a single-use link for one e-mail (its `inviteUrl` is shown once). */
export function useInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post('/v1/team/invitations', { body: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

/** `DELETE /v1/team/invitations/{id}`: the link stops working. */
export function useRevokeInvitation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/v1/team/invitations/{id}', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

/** `DELETE /v1/team/members/{userId}`: the seat is freed and the person's access ends at once; the training record stays. */
export function useRemoveMember() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete('/v1/team/members/{userId}', { params: { path: { userId } } }),
    // The team (seats used) and the training record (the person now marked as removed).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

/** `DELETE /v1/team/membership` ("Sair da equipe"): a technician gives up their seat; access through the team ends at once (issue 25). */
export function useLeaveTeam() {
  const api = useApi();
  return useMutation({ mutationFn: () => api.delete('/v1/team/membership') });
}
