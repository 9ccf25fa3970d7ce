import { useApiClient, useAuth, type ApiClient, type Laboratory, type UserProfile } from '@clube/platform';
import { useMutation } from '@tanstack/react-query';

/** `PATCH /v1/users/{id}`: saves the laboratory and marks onboarding as done. */
export function completeOnboarding(api: ApiClient, userId: string, laboratory: Laboratory): Promise<UserProfile> {
  return api.patch<UserProfile>(`/users/${encodeURIComponent(userId)}`, { laboratory, onboardingCompleted: true });
}

/** Saves, then reloads the profile so the onboarding Guard sends the member on. */
export function useCompleteOnboarding() {
  const api = useApiClient();
  const { profile, refreshProfile } = useAuth();
  return useMutation({
    mutationFn: async (laboratory: Laboratory) => {
      if (!profile) throw new Error('Sua sessão expirou. Entre novamente para continuar.');
      await completeOnboarding(api, profile._id, laboratory);
      await refreshProfile();
    },
  });
}
