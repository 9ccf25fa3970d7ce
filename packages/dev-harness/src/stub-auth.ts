import { anonymousAuth, type AuthContextValue, type UserProfile } from '@clube/platform';

/** `novo`: signed in, onboarding not finished yet. */
export type Persona = 'visitante' | 'novo' | 'membro' | 'admin';

function stubProfile(role: 'USER' | 'ADMIN'): UserProfile {
  const now = new Date().toISOString();
  return {
    _id: role === 'ADMIN' ? 'harness-admin' : 'harness-member',
    providerId: role === 'ADMIN' ? 'harness-admin-uid' : 'harness-member-uid',
    email: role === 'ADMIN' ? 'admin@clube.local' : 'membro@clube.local',
    name: role === 'ADMIN' ? 'Admin do Harness' : 'Membro do Harness',
    role,
    subscription: null,
    hasActiveSubscription: false,
    onboardingCompleted: true,
    laboratory: null,
    credits: { balance: 10, used: 0 },
    createdAt: now,
    updatedAt: now,
  };
}

/** Stand-in for the shell's auth: a persona picker instead of Firebase. */
export function stubAuth(persona: Persona): AuthContextValue {
  if (persona === 'visitante') return anonymousAuth;
  const profile = { ...stubProfile(persona === 'admin' ? 'ADMIN' : 'USER'), onboardingCompleted: persona !== 'novo' };
  return {
    ...anonymousAuth,
    status: 'authenticated',
    user: { uid: profile.providerId, email: profile.email, displayName: profile.name, emailVerified: true },
    profile,
    isAdmin: persona === 'admin',
  };
}

