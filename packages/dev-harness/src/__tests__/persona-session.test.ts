/** @jest-environment node */
import { apiError, mockApi, startMockApi, MOCK_API_URL, type MockApi } from '../mock-api';
import { createPersonaSession } from '../persona-session';
import { personaProfile } from '../personas';

// The real Firebase Auth emulator (`npm test` starts or reuses it).
const authEmulatorUrl = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
const account = { email: `harness.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@lab.test`, password: 'Segura#2026' };
let uid: string;
let api: MockApi;
const authorizations: Array<string | null> = [];

beforeAll(async () => {
  const response = await fetch(`${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=harness`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, returnSecureToken: true }),
  });
  uid = ((await response.json()) as { localId: string }).localId;
  api = startMockApi(
    mockApi('get', '/v1/users/provider/{providerId}', ({ params, request }) => {
      authorizations.push(request.headers.get('authorization'));
      return params.providerId === uid ? { ...personaProfile('membro')!, providerId: uid, email: account.email } : apiError(404, 'Usuário não encontrado.', 'NOT_FOUND');
    }),
  );
});

afterAll(() => api.close());

const jwtPayload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { email?: string; user_id?: string };

describe('a persona signed in for real in the harness', () => {
  it("When a signed-in persona calls the API, then the call carries its emulator ID token and the profile is the API's", async () => {
    const session = createPersonaSession('membro', { apiUrl: MOCK_API_URL, authEmulatorUrl, accounts: { membro: account } });
    const profile = await session.loadProfile();
    expect(profile).toMatchObject({ providerId: uid, email: account.email });
    const [authorization] = authorizations;
    expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]*$/);
    expect(jwtPayload(authorization!.slice('Bearer '.length))).toMatchObject({ email: account.email, user_id: uid });
  });

  it('When the token is still valid, then it is reused instead of signing in again', async () => {
    const session = createPersonaSession('membro', { apiUrl: MOCK_API_URL, authEmulatorUrl, accounts: { membro: account } });
    const first = await session.getToken();
    expect(await session.getToken()).toBe(first);
  });

  it('When the persona is the visitor, then no token is sent and there is no profile', async () => {
    const session = createPersonaSession('visitante', { apiUrl: MOCK_API_URL, authEmulatorUrl });
    await expect(session.getToken()).resolves.toBeNull();
    await expect(session.loadProfile()).resolves.toBeNull();
  });

  it('When the demo account cannot sign in, then the harness says why in Portuguese', async () => {
    const session = createPersonaSession('admin', { apiUrl: MOCK_API_URL, authEmulatorUrl, accounts: { admin: { ...account, password: 'errada' } } });
    await expect(session.loadProfile()).rejects.toThrow(`Não foi possível entrar como ${account.email} no emulador`);
  });
});
