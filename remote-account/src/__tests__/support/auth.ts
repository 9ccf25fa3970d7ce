import { authFor, personaProfile, type Persona } from '@clube/dev-harness/test';
import type { AuthContextValue, UserProfile } from '@clube/platform';

export type TestAuth = AuthContextValue & {
  refreshProfile: jest.Mock<Promise<void>, []>;
  logout: jest.Mock<Promise<void>, []>;
  actions: AuthContextValue['actions'] & { sendEmailVerification: jest.Mock<Promise<void>, []> };
};

/** A persona's profile with changes for one test. */
export function profileOf(persona: Exclude<Persona, 'visitante'>, overrides: Partial<UserProfile> = {}): UserProfile {
  const profile = personaProfile(persona);
  if (!profile) throw new Error(`no profile for ${persona}`);
  return { ...profile, ...overrides };
}

/** The signed-in member's auth, whose refresh and sign-out are mocks a test can check. */
export function testAuth(profile: UserProfile, { emailVerified = true } = {}): TestAuth {
  const auth = authFor(profile);
  return {
    ...auth,
    user: auth.user && { ...auth.user, emailVerified },
    refreshProfile: jest.fn().mockResolvedValue(undefined),
    logout: jest.fn().mockResolvedValue(undefined),
    actions: { ...auth.actions, sendEmailVerification: jest.fn<Promise<void>, []>().mockResolvedValue(undefined) },
  };
}
