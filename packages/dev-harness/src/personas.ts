import { anonymousAuth, type AuthContextValue, type UserProfile } from '@clube/platform';

/**
 * Who is looking at the page: `visitante` (signed out), `novo` (signed in, onboarding not finished),
 * `membro` (onboarded, no subscription), `assinante` (active subscription) and `admin`.
 */
export type Persona = 'visitante' | 'novo' | 'membro' | 'assinante' | 'admin';

export const PERSONAS: ReadonlyArray<{ persona: Persona; label: string }> = [
  { persona: 'visitante', label: 'Visitante' },
  { persona: 'novo', label: 'Novo membro (sem onboarding)' },
  { persona: 'membro', label: 'Membro' },
  { persona: 'assinante', label: 'Assinante' },
  { persona: 'admin', label: 'Admin' },
];

/**
 * The demo account (`npm start` seeds them in the emulator and the API) a persona signs in as when
 * a remote runs alone against the real API.
 */
export const PERSONA_ACCOUNTS: Record<Exclude<Persona, 'visitante'>, { email: string; password: string }> = {
  novo: { email: 'ana.souza@clube.local', password: 'Clube#Demo2026' },
  membro: { email: 'bruno.carvalho@clube.local', password: 'Clube#Demo2026' },
  assinante: { email: 'membro@clube.local', password: 'Clube#Membro2026' },
  admin: { email: 'admin@clube.local', password: 'Clube#Admin2026' },
};

const LABORATORY: NonNullable<UserProfile['laboratory']> = {
  name: 'Laboratório Vida Análises Clínicas',
  cnpj: '11.222.333/0001-81',
  phone: '(11) 3456-7890',
  address: { cep: '01310-100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
};

/** The profile the API would return for a persona (null for the visitor). */
export function personaProfile(persona: Persona): UserProfile | null {
  if (persona === 'visitante') return null;
  const now = '2026-01-10T12:00:00.000Z';
  const admin = persona === 'admin';
  const subscriber = persona === 'assinante';
  return {
    _id: `harness-${persona}`,
    providerId: `harness-${persona}-uid`,
    email: PERSONA_ACCOUNTS[persona].email,
    name: admin ? 'Admin do Harness' : subscriber ? 'Assinante do Harness' : 'Membro do Harness',
    role: admin ? 'ADMIN' : 'USER',
    subscription: subscriber ? 'harness-subscription' : null,
    hasActiveSubscription: subscriber,
    onboardingCompleted: persona !== 'novo',
    laboratory: persona === 'novo' ? null : LABORATORY,
    credits: { balance: subscriber ? 10 : 0, used: 0 },
    consent: { termsVersion: '1', privacyVersion: '1', acceptedAt: '2026-01-01T00:00:00.000Z', current: true },
    team: null,
    teamNotice: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The auth context for a profile (signed in) or for the visitor (null). */
export function authFor(profile: UserProfile | null): AuthContextValue {
  if (!profile) return anonymousAuth;
  return {
    ...anonymousAuth,
    status: 'authenticated',
    user: { uid: profile.providerId, email: profile.email, displayName: profile.name, emailVerified: true },
    profile,
    isAdmin: profile.role === 'ADMIN',
  };
}
