import type { AuthUser } from '@clube/platform';
import type { RuntimeConfig } from '../runtime-config';
import type * as FirebaseModule from './firebase';
import type { FirebaseIdentity } from './firebase';
import { hasStoredFirebaseSession } from './stored-session';

/** The Firebase identity, plus a way to fetch the SDK ahead of an identity operation. */
export interface LazyFirebaseIdentity extends FirebaseIdentity {
  /** Starts loading the Firebase SDK now (e.g. when a person starts filling the login form). */
  warmUp(): void;
}

export interface LazyIdentityOptions {
  /** Whether Firebase kept a signed-in user in this browser, answered without the SDK. */
  hasStoredSession?: () => Promise<boolean>;
  /** Where "the tab is visible again" is heard (a sign-in may have happened in another tab). */
  visibility?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

interface Subscriber {
  report(user: AuthUser | null): void;
  attach(real: FirebaseIdentity): void;
  stopped: boolean;
}

/**
 * The Firebase identity without the Firebase SDK (~29 kB gzip) in the JS before first paint.
 *
 * When the browser keeps no signed-in session (checked in IndexedDB / localStorage, without the
 * SDK), the visitor is a guest at once (`anonymous`) and the SDK loads only when an identity
 * operation needs it (sign in / up, password reset…, or `warmUp`). When a session is stored, the
 * SDK loads right away and the auth state stays `authenticating` until it reports the user. While
 * the SDK is not loaded, a tab that becomes visible again checks the stored session once more and
 * loads the SDK if one appeared (a sign-in in another tab); once loaded, Firebase itself follows
 * the other tabs. Every operation waits for the SDK; `getToken` answers null for a guest.
 */
export function lazyFirebaseIdentity(
  config: RuntimeConfig['firebase'],
  load: () => Promise<typeof FirebaseModule> = () => import(/* webpackChunkName: "firebase" */ './firebase'),
  {
    hasStoredSession = () => hasStoredFirebaseSession(config.apiKey),
    visibility = typeof document === 'undefined' ? undefined : document,
  }: LazyIdentityOptions = {},
): LazyFirebaseIdentity {
  const subscribers = new Set<Subscriber>();
  let loading: Promise<FirebaseIdentity> | null = null;
  let sessionCheck: Promise<boolean> | null = null;
  let watchingVisibility = false;

  const checkStoredSession = () => {
    sessionCheck = hasStoredSession().catch(() => true);
    return sessionCheck;
  };

  const follow = (subscriber: Subscriber, promise: Promise<FirebaseIdentity>) =>
    promise.then(
      (real) => subscriber.attach(real),
      // Without Firebase nobody can be signed in: the visitor is a guest (public pages keep working).
      () => subscriber.report(null),
    );

  const identity = (): Promise<FirebaseIdentity> => {
    if (!loading) {
      loading = load().then(({ createFirebaseAuth, firebaseIdentity }) => firebaseIdentity(createFirebaseAuth(config)));
      loading.catch((error: unknown) => console.error('[clube] could not load Firebase Auth', error));
      for (const subscriber of subscribers) void follow(subscriber, loading);
      stopWatchingVisibility();
    }
    return loading;
  };

  function onVisible() {
    if (visibility?.visibilityState !== 'visible' || loading) return;
    void checkStoredSession().then((stored) => {
      if (stored && !loading && subscribers.size > 0) void identity();
    });
  }
  function watchVisibility() {
    if (watchingVisibility || !visibility) return;
    watchingVisibility = true;
    visibility.addEventListener('visibilitychange', onVisible);
  }
  function stopWatchingVisibility() {
    if (!watchingVisibility || !visibility) return;
    watchingVisibility = false;
    visibility.removeEventListener('visibilitychange', onVisible);
  }

  /** Whether the SDK is needed for this browser's session: loaded already, or a session is stored. */
  const sessionNeedsSdk = async () => Boolean(loading) || (await (sessionCheck ?? checkStoredSession())) || Boolean(loading);

  return {
    onUserChanged(listener: (user: AuthUser | null) => void) {
      let lastUid: string | null | undefined;
      let unsubscribe: (() => void) | null = null;
      const subscriber: Subscriber = {
        stopped: false,
        report(user) {
          const uid = user?.uid ?? null;
          // The guest decision, then the SDK saying "nobody" once it loads: one report, not two.
          if (subscriber.stopped || (uid === null && lastUid === null)) return;
          lastUid = uid;
          listener(user);
        },
        attach(real) {
          if (!subscriber.stopped && !unsubscribe) unsubscribe = real.onUserChanged((user) => subscriber.report(user));
        },
      };
      subscribers.add(subscriber);
      if (loading) void follow(subscriber, loading);
      else {
        void (sessionCheck ?? checkStoredSession()).then((stored) => {
          if (subscriber.stopped || loading) return; // loading: follow() reports
          if (stored) {
            void identity();
            return;
          }
          subscriber.report(null);
          watchVisibility();
        });
      }
      return () => {
        subscriber.stopped = true;
        subscribers.delete(subscriber);
        unsubscribe?.();
        if (subscribers.size === 0) stopWatchingVisibility();
      };
    },
    getToken: async () => ((await sessionNeedsSdk()) ? (await identity()).getToken() : null),
    signIn: async (email, password) => (await identity()).signIn(email, password),
    signUp: async (name, email, password) => (await identity()).signUp(name, email, password),
    sendPasswordReset: async (email) => (await identity()).sendPasswordReset(email),
    confirmPasswordReset: async (oobCode, password) => (await identity()).confirmPasswordReset(oobCode, password),
    changePassword: async (current, next) => (await identity()).changePassword(current, next),
    sendEmailVerification: async () => (await identity()).sendEmailVerification(),
    reauthenticate: async (password) => (await identity()).reauthenticate(password),
    signOut: async () => ((await sessionNeedsSdk()) ? (await identity()).signOut() : undefined),
    warmUp: () => void identity().catch(() => undefined),
  };
}
