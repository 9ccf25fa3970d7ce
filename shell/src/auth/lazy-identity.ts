import type { AuthUser } from '@clube/platform';
import type { RuntimeConfig } from '../runtime-config';
import type * as FirebaseModule from './firebase';
import type { FirebaseIdentity } from './firebase';

/**
 * The Firebase identity, loaded after first render: the Firebase SDK (~29 kB gzip) is its own
 * chunk, fetched in parallel while public pages paint. Until it arrives the auth state stays
 * `authenticating` (the listener is attached when it does); every operation waits for it.
 */
export function lazyFirebaseIdentity(
  config: RuntimeConfig['firebase'],
  load: () => Promise<typeof FirebaseModule> = () => import(/* webpackChunkName: "firebase" */ './firebase'),
): FirebaseIdentity {
  let loading: Promise<FirebaseIdentity> | null = null;
  const identity = () => {
    loading ??= load().then(({ createFirebaseAuth, firebaseIdentity }) => firebaseIdentity(createFirebaseAuth(config)));
    return loading;
  };
  return {
    onUserChanged(listener: (user: AuthUser | null) => void) {
      let unsubscribe: (() => void) | null = null;
      let stopped = false;
      identity().then(
        (real) => {
          if (!stopped) unsubscribe = real.onUserChanged(listener);
        },
        (error: unknown) => {
          // Without Firebase nobody can be signed in: the visitor is a guest (public pages keep working).
          console.error('[clube] could not load Firebase Auth', error);
          if (!stopped) listener(null);
        },
      );
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
    getToken: async () => (await identity()).getToken(),
    signIn: async (email, password) => (await identity()).signIn(email, password),
    signUp: async (name, email, password) => (await identity()).signUp(name, email, password),
    sendPasswordReset: async (email) => (await identity()).sendPasswordReset(email),
    confirmPasswordReset: async (oobCode, password) => (await identity()).confirmPasswordReset(oobCode, password),
    changePassword: async (current, next) => (await identity()).changePassword(current, next),
    sendEmailVerification: async () => (await identity()).sendEmailVerification(),
    signOut: async () => (await identity()).signOut(),
  };
}
