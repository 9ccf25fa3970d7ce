import { useAuth, type ApiBody } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation } from '@tanstack/react-query';

export type LaboratoryBody = NonNullable<ApiBody<'/v1/users/{id}', 'patch'>['laboratory']>;

/** `PATCH /v1/users/{id}` with the laboratory, then the profile (`['me']`) is fetched again. */
export function useUpdateLaboratory() {
  const api = useApi();
  const { profile, refreshProfile } = useAuth();
  return useMutation({
    mutationFn: async (laboratory: LaboratoryBody) => {
      if (!profile) throw new Error('Sua sessão expirou. Entre novamente para continuar.');
      await api.patch('/v1/users/{id}', { params: { path: { id: profile._id } }, body: { laboratory } });
      await refreshProfile();
    },
  });
}
