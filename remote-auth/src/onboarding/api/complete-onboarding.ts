import { useAuth, type ApiBody, type TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation } from '@tanstack/react-query';

export type LaboratoryBody = NonNullable<ApiBody<'/v1/users/{id}', 'patch'>['laboratory']>;

/** `PATCH /v1/users/{id}`: saves the laboratory and marks onboarding as done. */
export function completeOnboarding(api: TypedApi, userId: string, laboratory: LaboratoryBody) {
  return api.patch('/v1/users/{id}', { params: { path: { id: userId } }, body: { laboratory, onboardingCompleted: true } });
}

/** Saves, then reloads the profile so the onboarding Guard sends the member on. */
export function useCompleteOnboarding() {
  const api = useApi();
  const { profile, refreshProfile } = useAuth();
  return useMutation({
    mutationFn: async (laboratory: LaboratoryBody) => {
      if (!profile) throw new Error('Sua sessão expirou. Entre novamente para continuar.');
      await completeOnboarding(api, profile._id, laboratory);
      await refreshProfile();
    },
  });
}
