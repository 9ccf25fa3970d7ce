import type { ApiBody } from '@clube/platform';
import { useOwnProfileChange } from '@clube/platform/data';

export type LaboratoryBody = NonNullable<ApiBody<'/v1/users/{id}', 'patch'>['laboratory']>;

/** What onboarding saves: a laboratory's data (a new laboratory), or only the name (a technician who joined a team). */
export type OnboardingBody = { laboratory: LaboratoryBody } | { name: string };

/**
 * `PATCH /v1/users/{id}`: saves the laboratory, or the technician's name, and marks onboarding as
 * done; then reloads the profile so the onboarding Guard sends the member on.
 */
export function useCompleteOnboarding() {
  return useOwnProfileChange((body: OnboardingBody) => ({ ...body, onboardingCompleted: true }));
}
