import { useAuth } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation } from '@tanstack/react-query';

/** `PATCH /v1/users/{id}` with the new name, then the profile (`['me']`) is fetched again. */
export function useUpdateName() {
  const api = useApi();
  const { profile, refreshProfile } = useAuth();
  return useMutation({
    mutationFn: async (name: string) => {
      if (!profile) throw new Error('Sua sessão expirou. Entre novamente para continuar.');
      await api.patch('/v1/users/{id}', { params: { path: { id: profile._id } }, body: { name } });
      await refreshProfile();
    },
  });
}
