import { createApiClient, type ApiClient, type UserProfile } from '@clube/platform';
import { createTypedApi } from '@clube/platform/data';
import { PERSONA_ACCOUNTS, type Persona } from './personas';

export interface PersonaSessionOptions {
  /** The API's origin, e.g. http://localhost:3000. */
  apiUrl: string;
  /** The Firebase Auth emulator, e.g. http://127.0.0.1:9099 (only development uses the harness). */
  authEmulatorUrl: string;
  /** Overrides the demo accounts (tests use their own). */
  accounts?: Partial<Record<Exclude<Persona, 'visitante'>, { email: string; password: string }>>;
}

interface Token {
  idToken: string;
  uid: string;
  expiresAt: number;
}

/**
 * A persona signed in for real: its demo account's ID token from the Auth emulator (REST API,
 * renewed before it expires) sent as Bearer on every call, and its profile from the real API.
 * With it a remote running alone in the harness makes signed-in calls against `npm run dev -w api`.
 */
export function createPersonaSession(persona: Persona, { apiUrl, authEmulatorUrl, accounts = {} }: PersonaSessionOptions) {
  const account = persona === 'visitante' ? null : (accounts[persona] ?? PERSONA_ACCOUNTS[persona]);
  let token: Token | null = null;

  async function signIn(): Promise<Token> {
    if (!account) throw new Error('O visitante não tem conta.');
    const url = `${authEmulatorUrl.replace(/\/$/, '')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=harness`;
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...account, returnSecureToken: true }) });
    if (!response.ok) throw new Error(`Não foi possível entrar como ${account.email} no emulador (${response.status}). Rode "npm start" ou "npm run emulator" e o seed.`);
    const body = (await response.json()) as { idToken: string; localId: string; expiresIn: string };
    return { idToken: body.idToken, uid: body.localId, expiresAt: Date.now() + (Number(body.expiresIn) - 60) * 1000 };
  }

  async function getToken(): Promise<string | null> {
    if (!account) return null;
    if (!token || token.expiresAt <= Date.now()) token = await signIn();
    return token.idToken;
  }

  const apiClient: ApiClient = createApiClient({ apiUrl, getToken });

  return {
    apiClient,
    getToken,
    /** The persona's profile as the API has it (null for the visitor). */
    async loadProfile(): Promise<UserProfile | null> {
      if (!account) return null;
      await getToken();
      return createTypedApi(apiClient).get('/v1/users/provider/{providerId}', { params: { path: { providerId: token!.uid } } });
    },
  };
}
