import type { AuthUser } from '@clube/platform';
import { initializeApp } from 'firebase/app';
import {
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  browserLocalPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import type { RuntimeConfig } from '../runtime-config';

export function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified };
}

/** The Firebase Auth client for this environment (the emulator in development and tests). */
export function createFirebaseAuth(config: RuntimeConfig['firebase']): Auth {
  const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  // initializeAuth instead of getAuth: no popup/redirect sign-in code in the bundle (e-mail only).
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  auth.languageCode = 'pt-BR';
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

/**
 * Tells the shell's HTML server whether this browser is signed in (`clube_sessao=1`: no token, nothing
 * personal), so it paints its server-side first view (the page as a guest sees it) only for guests.
 */
function rememberSession(signedIn: boolean) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = signedIn ? `clube_sessao=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}` : `clube_sessao=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** Identity operations, in Firebase terms; the shell turns their errors into Portuguese. */
export function firebaseIdentity(auth: Auth) {
  return {
    onUserChanged(listener: (user: AuthUser | null) => void) {
      let lastUid: string | null | undefined;
      // onIdTokenChanged also fires on token refresh; only a different user matters here.
      return onIdTokenChanged(auth, (user) => {
        const uid = user?.uid ?? null;
        if (uid === lastUid) return;
        lastUid = uid;
        rememberSession(uid !== null);
        listener(user ? toAuthUser(user) : null);
      });
    },
    /** Waits for the stored session to be restored on a cold start: a call made before it would leave without the token (issue 25). */
    async getToken(): Promise<string | null> {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
    async signIn(email: string, password: string) {
      await signInWithEmailAndPassword(auth, email, password);
    },
    async signUp(name: string, email: string, password: string) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await updateProfile(user, { displayName: name });
      // The account works before the address is confirmed; a failed send is offered again on /usuario.
      await sendEmailVerification(user, { url: `${window.location.origin}/usuario` }).catch(() => undefined);
    },
    async sendPasswordReset(email: string) {
      await sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/autenticacao/login` });
    },
    async sendEmailVerification() {
      const user = auth.currentUser;
      if (!user) throw Object.assign(new Error('Entre na sua conta para confirmar o e-mail.'), { code: 'clube/signed-out' });
      await sendEmailVerification(user, { url: `${window.location.origin}/usuario` });
    },
    async confirmPasswordReset(oobCode: string, newPassword: string) {
      await confirmPasswordReset(auth, oobCode, newPassword);
    },
    async changePassword(currentPassword: string, newPassword: string) {
      const user = auth.currentUser;
      if (!user?.email) throw Object.assign(new Error('Entre novamente para trocar a senha.'), { code: 'auth/requires-recent-login' });
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
      await updatePassword(user, newPassword);
    },
    /** The password again, then a new ID token (its auth_time is now): the API accepts a signature for 5 minutes after it. */
    async reauthenticate(password: string) {
      const user = auth.currentUser;
      if (!user?.email) throw Object.assign(new Error('Entre na sua conta para assinar.'), { code: 'clube/signed-out' });
      try {
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'auth/invalid-credential' || code === 'auth/wrong-password' || code === 'auth/invalid-login-credentials') {
          throw Object.assign(new Error('Senha incorreta. Nada foi assinado.'), { code: 'clube/wrong-password' });
        }
        throw error;
      }
      await user.getIdToken(true);
    },
    signOut: () => signOut(auth),
  };
}

export type FirebaseIdentity = ReturnType<typeof firebaseIdentity>;
