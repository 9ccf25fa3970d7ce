import { useAuth, type ApiBody, type TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation } from '@tanstack/react-query';

export type LaboratoryBody = NonNullable<ApiBody<'/v1/users/{id}', 'patch'>['laboratory']>;

/** What onboarding saves: a laboratory's data (a new laboratory), or only the name (a technician who joined a team). */
export type OnboardingBody = { laboratory: LaboratoryBody } | { name: string };

/** `PATCH /v1/users/{id}`: saves the laboratory, or the technician's name, and marks onboarding as done. */
export function completeOnboarding(api: TypedApi, userId: string, body: OnboardingBody) {
  return api.patch('/v1/users/{id}', { params: { path: { id: userId } }, body: { ...body, onboardingCompleted: true } });
}

/** Saves, then reloads the profile so the onboarding Guard sends the member on. */
export function useCompleteOnboarding() {
  const api = useApi();
  const { profile, refreshProfile } = useAuth();
  return useMutation({
    mutationFn: async (body: OnboardingBody) => {
      if (!profile) throw new Error('Sua sessão expirou. Entre novamente para continuar.');
      await completeOnboarding(api, profile._id, body);
      await refreshProfile();
    },
  });
}
