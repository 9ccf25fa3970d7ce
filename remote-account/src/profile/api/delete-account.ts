import { useAuth } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation } from '@tanstack/react-query';

/** `DELETE /v1/me` with the typed confirmation, then signs out (the Firebase account no longer exists). */
export function useDeleteAccount() {
  const api = useApi();
  const { logout } = useAuth();
  return useMutation({
    mutationFn: async () => {
      await api.delete('/v1/me/', { body: { confirmation: 'EXCLUIR' } });
      await logout();
    },
  });
}
