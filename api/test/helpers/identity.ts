import { randomUUID } from 'node:crypto';

/** Accounts in the Firebase Auth emulator, through its REST API, for real ID tokens. */
export interface TestAccount {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST não definido: rode os testes pelo Jest (globalSetup inicia o emulador).');
  return host;
}

/**
 * The shared emulator sometimes drops a kept-alive connection under load ("other side closed"):
 * a network failure (never an answer) is tried again, twice at most.
 */
async function post(url: string, body: string): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function identityToolkit(action: string, payload: Record<string, unknown>) {
  const response = await post(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=fake-key`,
    JSON.stringify({ ...payload, returnSecureToken: true }),
  );
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`emulador recusou ${action}: ${JSON.stringify(body)}`);
  return body as { localId: string; idToken: string; email: string };
}

export function uniqueEmail(prefix = 'teste'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@teste.clube.local`;
}

/** A new emulator account (unique e-mail) and its ID token. */
export async function createAccount(options: { email?: string; password?: string; displayName?: string } = {}): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'Senha#Teste123';
  const signUp = await identityToolkit('signUp', { email, password, ...(options.displayName ? { displayName: options.displayName } : {}) });
  if (options.displayName) {
    // signUp ignores displayName in some versions; update then sign in again for a token that carries it.
    await identityToolkit('update', { idToken: signUp.idToken, displayName: options.displayName });
    const signedIn = await identityToolkit('signInWithPassword', { email, password });
    return { uid: signedIn.localId, email, password, idToken: signedIn.idToken };
  }
  return { uid: signUp.localId, email, password, idToken: signUp.idToken };
}

export async function signIn(email: string, password: string): Promise<TestAccount> {
  const body = await identityToolkit('signInWithPassword', { email, password });
  return { uid: body.localId, email, password, idToken: body.idToken };
}

/**
 * An emulator-style (unsigned) token with chosen claims: the emulator's tokens are unsigned
 * too, so this is how a test gets an expired or foreign-project one.
 */
export function forgeToken(claims: { uid: string; expiresInSeconds?: number; projectId?: string; email?: string }): string {
  const projectId = claims.projectId ?? process.env.FIREBASE_PROJECT_ID ?? 'demo-clube';
  const now = Math.floor(Date.now() / 1000);
  const exp = now + (claims.expiresInSeconds ?? 3600);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: Math.min(now, exp) - 60,
    user_id: claims.uid,
    sub: claims.uid,
    iat: Math.min(now, exp) - 60,
    exp,
    ...(claims.email ? { email: claims.email } : {}),
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}
