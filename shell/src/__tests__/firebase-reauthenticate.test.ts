import type { Auth, User } from 'firebase/auth';
import { reauthenticateWithCredential } from 'firebase/auth';
import { firebaseIdentity } from '../auth/firebase';

jest.mock('firebase/auth', () => ({ ...jest.requireActual<object>('firebase/auth'), reauthenticateWithCredential: jest.fn() }));
const reauthenticate = reauthenticateWithCredential as jest.MockedFunction<typeof reauthenticateWithCredential>;

/**
 * Issue 31: signing an authorization asks for the password again. The shell confirms it with
 * Firebase and then takes a new ID token (the API reads its auth_time); a wrong password says so in
 * Portuguese and no new token is taken.
 */
describe('reauthenticate', () => {
  const signedIn = () => {
    const getIdToken = jest.fn().mockResolvedValue('token-novo');
    const auth = { currentUser: { email: 'gestora@lab.com.br', getIdToken } as unknown as User } as unknown as Auth;
    return { identity: firebaseIdentity(auth), getIdToken };
  };

  beforeEach(() => reauthenticate.mockReset());

  it('When the password is right, then Firebase confirms it for the signed-in e-mail and a fresh ID token is taken', async () => {
    reauthenticate.mockResolvedValue({} as never);
    const { identity, getIdToken } = signedIn();
    await identity.reauthenticate('Segura#2026');
    expect(reauthenticate.mock.calls[0]![1]).toMatchObject({ providerId: 'password' });
    expect(JSON.parse(JSON.stringify(reauthenticate.mock.calls[0]![1]))).toMatchObject({ email: 'gestora@lab.com.br', password: 'Segura#2026' });
    expect(getIdToken).toHaveBeenCalledWith(true);
  });

  it.each(['auth/invalid-credential', 'auth/wrong-password', 'auth/invalid-login-credentials'])('When Firebase refuses the password (%s), then the message says so in Portuguese and no token is taken', async (code) => {
    reauthenticate.mockRejectedValue(Object.assign(new Error('Firebase: Error'), { code }));
    const { identity, getIdToken } = signedIn();
    await expect(identity.reauthenticate('errada')).rejects.toThrow('Senha incorreta. Nada foi assinado.');
    expect(getIdToken).not.toHaveBeenCalled();
  });

  it('When nobody is signed in, then it is refused in Portuguese without asking Firebase', async () => {
    const identity = firebaseIdentity({ currentUser: null } as unknown as Auth);
    await expect(identity.reauthenticate('x')).rejects.toThrow('Entre na sua conta para assinar.');
    expect(reauthenticate).not.toHaveBeenCalled();
  });
});
