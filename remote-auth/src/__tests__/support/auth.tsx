import { anonymousAuth, AuthProvider, type AuthActions, type AuthContextValue, type UserProfile } from '@clube/platform';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

export type MockedActions = { [K in keyof AuthActions]: jest.Mock<ReturnType<AuthActions[K]>, Parameters<AuthActions[K]>> };

export function mockActions(): MockedActions {
  return {
    signIn: jest.fn().mockResolvedValue(undefined),
    signUp: jest.fn().mockResolvedValue(undefined),
    sendPasswordReset: jest.fn().mockResolvedValue(undefined),
    confirmPasswordReset: jest.fn().mockResolvedValue(undefined),
    changePassword: jest.fn().mockResolvedValue(undefined),
    sendEmailVerification: jest.fn().mockResolvedValue(undefined),
    reauthenticate: jest.fn().mockResolvedValue(undefined),
  };
}

export function memberProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: '665f1c2e9b1d8a0012345678',
    providerId: 'uid-ana',
    email: 'ana@laboratorio.com.br',
    name: 'Ana Souza',
    role: 'USER',
    subscription: null,
    hasActiveSubscription: false,
    onboardingCompleted: true,
    laboratory: null,
    credits: { balance: 0, used: 0 },
    consent: { termsVersion: '1', privacyVersion: '1', acceptedAt: '2026-01-01T00:00:00.000Z', current: true },
    team: null,
    teamNotice: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export type TestAuth = AuthContextValue & { actions: MockedActions; refreshProfile: jest.Mock<Promise<void>, []> };

/** A signed-out visitor whose actions are mocks. */
export function visitorAuth(): TestAuth {
  return { ...anonymousAuth, actions: mockActions(), refreshProfile: jest.fn().mockResolvedValue(undefined) };
}

/** A signed-in member (onboarded unless told otherwise) whose actions are mocks. */
export function memberAuth(profile: UserProfile = memberProfile()): TestAuth {
  return {
    ...visitorAuth(),
    status: 'authenticated',
    user: { uid: profile.providerId, email: profile.email, displayName: profile.name, emailVerified: false },
    profile,
    isAdmin: profile.role === 'ADMIN',
  };
}

/**
 * Auth whose state a test can change, as the shell's does after Firebase answers: `signIn`
 * signs the visitor in as `signedInAs`.
 */
export function SigningInAuth({ actions, signedInAs, children }: { actions: MockedActions; signedInAs: UserProfile; children: ReactNode }) {
  const [auth, setAuth] = useState<AuthContextValue>({ ...anonymousAuth, actions });
  useEffect(() => {
    actions.signIn.mockImplementation(async () => setAuth(memberAuth(signedInAs)));
  }, [actions, signedInAs]);
  return <AuthProvider value={auth}>{children}</AuthProvider>;
}

/** Shows where the router is, so a test can see a Guard's redirect. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}
