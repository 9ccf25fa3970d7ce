import type { Auth, User } from 'firebase/auth';
import { firebaseIdentity } from '../auth/firebase';

/**
 * Issue 25, item 1: on a cold start Firebase restores the stored session asynchronously; until it
 * has, `auth.currentUser` is null. A call made meanwhile must wait and carry the token, or the API
 * answers the guest's view (a paywall for a paying member).
 */
describe('getToken', () => {
  it('When the SDK has not restored the stored session yet, then getToken waits for it and answers the token instead of null', async () => {
    let restore: () => void = () => undefined;
    const auth = {
      currentUser: null as User | null,
      authStateReady: () =>
        new Promise<void>((resolve) => {
          restore = () => {
            auth.currentUser = { getIdToken: async () => 'token-da-sessao' } as unknown as User;
            resolve();
          };
        }),
    };
    const token = firebaseIdentity(auth as unknown as Auth).getToken();
    restore();
    await expect(token).resolves.toBe('token-da-sessao');
  });

  it('When nobody is signed in, then getToken answers null once the SDK knows it', async () => {
    const auth = { currentUser: null, authStateReady: async () => undefined };
    await expect(firebaseIdentity(auth as unknown as Auth).getToken()).resolves.toBeNull();
  });
});
