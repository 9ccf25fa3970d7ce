import type { AuthUser, UserProfile } from '@clube/platform';
import { createAuthStore } from '../auth/auth-store';
import type * as FirebaseModule from '../auth/firebase';
import { lazyFirebaseIdentity, type LazyIdentityOptions } from '../auth/lazy-identity';

const CONFIG = { apiKey: 'k', authDomain: 'd', projectId: 'p', authEmulatorUrl: null };
const SIGNED_IN = { uid: 'u1', email: 'a@b.c', displayName: 'Ana', emailVerified: true } satisfies AuthUser;
const PROFILE = { _id: 'p1', providerId: 'u1', email: 'a@b.c', name: 'Ana', role: 'USER', hasActiveSubscription: false } as UserProfile;

/**
 * A Firebase module that arrives when the test says so (or at once), whose Auth starts with
 * `user` signed in and signs in SIGNED_IN on signIn; `loads` counts the chunk requests.
 */
function fakeFirebase(user: AuthUser | null, { deferred = true } = {}) {
  let arrive!: () => void;
  const arrived = deferred
    ? new Promise<void>((resolve) => {
        arrive = resolve;
      })
    : Promise.resolve();
  let current = user;
  const listeners = new Set<(u: AuthUser | null) => void>();
  const fake = {
    createFirebaseAuth: () => ({}),
    firebaseIdentity: () => ({
      onUserChanged: (listener: (u: AuthUser | null) => void) => {
        listeners.add(listener);
        listener(current);
        return () => listeners.delete(listener);
      },
      getToken: async () => (current ? 'token-of-' + current.uid : null),
      signIn: async () => {
        current = SIGNED_IN;
        listeners.forEach((listener) => listener(current));
      },
    }),
  } as unknown as typeof FirebaseModule;
  const state = {
    loads: 0,
    load: () => {
      state.loads += 1;
      return arrived.then(() => fake);
    },
    arrive: () => arrive(),
  };
  return state;
}

/** A document whose visibility the test changes, as when a person comes back to the tab. */
function fakeVisibility() {
  const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  target.visibilityState = 'visible';
  return {
    target: target as unknown as NonNullable<LazyIdentityOptions['visibility']>,
    show() {
      target.visibilityState = 'visible';
      target.dispatchEvent(new Event('visibilitychange'));
    },
    hide() {
      target.visibilityState = 'hidden';
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

function authStoreOf(identity: ReturnType<typeof lazyFirebaseIdentity>) {
  return createAuthStore({
    onUserChanged: (listener) => identity.onUserChanged(listener),
    fetchProfile: async (uid) => (uid === PROFILE.providerId ? PROFILE : null),
    createProfile: async () => Promise.reject(new Error('not expected')),
    fetchSubscription: async () => null,
    cancelSubscription: async () => undefined,
    onProfileError: () => undefined,
    now: () => new Date(),
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Firebase Auth loaded only when this browser keeps a session', () => {
  it('When a session is stored and the Firebase chunk has not arrived, then the state stays "authenticating"; when it arrives, the member is signed in', async () => {
    const firebase = fakeFirebase(SIGNED_IN);
    const identity = lazyFirebaseIdentity(CONFIG, firebase.load, { hasStoredSession: async () => true });
    const store = authStoreOf(identity);
    await flush();
    expect(firebase.loads).toBe(1);
    expect(store.store.getState().status).toBe('authenticating');
    firebase.arrive();
    await flush();
    expect(store.store.getState()).toMatchObject({ status: 'authenticated', user: SIGNED_IN, profile: PROFILE });
    store.dispose();
  });

  it('When a session is stored but Firebase finds it gone, then the visitor becomes a guest once the chunk arrives', async () => {
    const firebase = fakeFirebase(null);
    const identity = lazyFirebaseIdentity(CONFIG, firebase.load, { hasStoredSession: async () => true });
    const store = authStoreOf(identity);
    await flush();
    expect(store.store.getState().status).toBe('authenticating');
    firebase.arrive();
    await flush();
    expect(store.store.getState().status).toBe('anonymous');
    store.dispose();
  });

  it('When no session is stored, then the visitor is a guest at once, API calls go without a token, and the Firebase chunk is never requested', async () => {
    const firebase = fakeFirebase(null);
    const identity = lazyFirebaseIdentity(CONFIG, firebase.load, { hasStoredSession: async () => false, visibility: fakeVisibility().target });
    const store = authStoreOf(identity);
    await flush();
    expect(store.store.getState().status).toBe('anonymous');
    await expect(identity.getToken()).resolves.toBeNull();
    await identity.signOut();
    expect(firebase.loads).toBe(0);
    store.dispose();
  });

  it('When a guest signs in, then the Firebase chunk loads for it and the member is signed in, reported once as a guest before', async () => {
    const firebase = fakeFirebase(null, { deferred: false });
    const identity = lazyFirebaseIdentity(CONFIG, firebase.load, { hasStoredSession: async () => false, visibility: fakeVisibility().target });
    const seen: Array<AuthUser | null> = [];
    identity.onUserChanged((user) => seen.push(user));
    await flush();
    expect(seen).toEqual([null]);
    await identity.signIn('a@b.c', 'segredo');
    await flush();
    expect(firebase.loads).toBe(1);
    expect(seen).toEqual([null, SIGNED_IN]);
    await expect(identity.getToken()).resolves.toBe('token-of-u1');
  });

  it('When the login page warms the SDK up, then the chunk loads before any operation and a guest stays a guest', async () => {
    const firebase = fakeFirebase(null, { deferred: false });
    const identity = lazyFirebaseIdentity(CONFIG, firebase.load, { hasStoredSession: async () => false, visibility: fakeVisibility().target });
    const seen: Array<AuthUser | null> = [];
    identity.onUserChanged((user) => seen.push(user));
    await flush();
    identity.warmUp();
    await flush();
    expect(firebase.loads).toBe(1);
    expect(seen).toEqual([null]);
  });

  it('When a guest comes back to the tab after signing in in another one, then the stored session is seen and the member is signed in here too', async () => {
    const firebase = fakeFirebase(SIGNED_IN, { deferred: false });
    const visibility = fakeVisibility();
    let stored = false;
    const checks = jest.fn(async () => stored);
    const identity = lazyFirebaseIdentity(CONFIG, firebase.load, { hasStoredSession: checks, visibility: visibility.target });
    const store = authStoreOf(identity);
    await flush();
    expect(store.store.getState().status).toBe('anonymous');

    // Back to the tab, still nobody signed in: checked again, nothing loaded.
    visibility.show();
    await flush();
    expect(checks).toHaveBeenCalledTimes(2);
    expect(firebase.loads).toBe(0);

    stored = true; // the other tab signed in
    visibility.hide(); // leaving the tab checks nothing
    await flush();
    expect(checks).toHaveBeenCalledTimes(2);
    visibility.show();
    await flush();
    await flush();
    expect(firebase.loads).toBe(1);
    expect(store.store.getState()).toMatchObject({ status: 'authenticated', user: SIGNED_IN });

    // Once Firebase is loaded it follows the other tabs itself: no more checks.
    visibility.show();
    await flush();
    expect(checks).toHaveBeenCalledTimes(3);
    store.dispose();
  });

  it('When an API call asks for a token before the stored session\'s Firebase arrives, then it waits for it and gets the signed-in token', async () => {
    const firebase = fakeFirebase(SIGNED_IN);
    const identity = lazyFirebaseIdentity(CONFIG, firebase.load, { hasStoredSession: async () => true });
    const token = identity.getToken();
    await flush();
    firebase.arrive();
    await expect(token).resolves.toBe('token-of-u1');
  });

  it('When the Firebase chunk cannot load, then nobody is signed in and public pages keep working (guest)', async () => {
    const identity = lazyFirebaseIdentity(CONFIG, () => Promise.reject(new Error('offline')), { hasStoredSession: async () => true });
    const seen: Array<AuthUser | null> = [];
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    identity.onUserChanged((user) => seen.push(user));
    await flush();
    await flush();
    expect(seen).toEqual([null]);
    spy.mockRestore();
  });
});
