import { useAuth } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myCertificatesQueryKey } from '../../shared/api/get-my-certificates';

/**
 * `PATCH /v1/users/{id}` with the new name, then the profile (`['me']`) is fetched again; the
 * certificates get new versions with the corrected name, so their list is refetched too.
 */
export function useUpdateName() {
  const api = useApi();
  const { profile, refreshProfile } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      if (!profile) throw new Error('Sua sessão expirou. Entre novamente para continuar.');
      await api.patch('/v1/users/{id}', { params: { path: { id: profile._id } }, body: { name } });
      await refreshProfile();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCertificatesQueryKey }),
  });
}
