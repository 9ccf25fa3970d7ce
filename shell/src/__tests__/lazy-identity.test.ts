import type { AuthUser } from '@clube/platform';
import { createAuthStore } from '../auth/auth-store';
import type * as FirebaseModule from '../auth/firebase';
import { lazyFirebaseIdentity } from '../auth/lazy-identity';

const CONFIG = { apiKey: 'k', authDomain: 'd', projectId: 'p', authEmulatorUrl: null };
const SIGNED_IN = { uid: 'u1', email: 'a@b.c', displayName: 'Ana', emailVerified: true } satisfies AuthUser;

/** A Firebase module that arrives when the test says so, reporting `user` to its listeners. */
function deferredFirebase(user: AuthUser | null) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const fake = {
    createFirebaseAuth: () => ({}),
    firebaseIdentity: () => ({
      onUserChanged: (listener: (u: AuthUser | null) => void) => {
        listener(user);
        return () => undefined;
      },
      getToken: async () => (user ? 'token-of-' + user.uid : null),
    }),
  } as unknown as typeof FirebaseModule;
  return { load: () => arrived.then(() => fake), arrive };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Firebase Auth loaded after first render', () => {
  it('When the Firebase chunk has not arrived, then the auth state stays "authenticating"; when it arrives with no user, the visitor is a guest', async () => {
    const firebase = deferredFirebase(null);
    const identity = lazyFirebaseIdentity(CONFIG, firebase.load);
    const store = createAuthStore({
      onUserChanged: (listener) => identity.onUserChanged(listener),
      fetchProfile: async () => null,
      createProfile: async () => Promise.reject(new Error('not expected')),
      fetchSubscription: async () => null,
      cancelSubscription: async () => undefined,
      onProfileError: () => undefined,
      now: () => new Date(),
    });
    await flush();
    expect(store.store.getState().status).toBe('authenticating');
    firebase.arrive();
    await flush();
    expect(store.store.getState().status).toBe('anonymous');
    store.dispose();
  });

  it('When an API call asks for a token before Firebase arrives, then it waits for it and gets the signed-in token', async () => {
    const firebase = deferredFirebase(SIGNED_IN);
    const identity = lazyFirebaseIdentity(CONFIG, firebase.load);
    const token = identity.getToken();
    firebase.arrive();
    await expect(token).resolves.toBe('token-of-u1');
  });

  it('When the Firebase chunk cannot load, then nobody is signed in and public pages keep working (guest)', async () => {
    const identity = lazyFirebaseIdentity(CONFIG, () => Promise.reject(new Error('offline')));
    const seen: Array<AuthUser | null> = [];
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    identity.onUserChanged((user) => seen.push(user));
    await flush();
    expect(seen).toEqual([null]);
    spy.mockRestore();
  });
});
