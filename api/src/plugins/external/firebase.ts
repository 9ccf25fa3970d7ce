import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Identity {
  /** Verifies a Firebase ID token (signature, expiry, audience); throws a FirebaseAuthError otherwise. */
  verifyIdToken(token: string): Promise<DecodedIdToken>;
  /** The Admin Auth API, for the seed and future admin tools. */
  auth: Auth;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}

let appCounter = 0;

/**
 * firebase-admin for this Fastify instance only (tests build many apps in one process).
 * With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks to the emulator and accepts its
 * unsigned tokens; production mode refuses that variable (see config.ts).
 */
export default fp(
  async function firebase(fastify: FastifyInstance) {
    appCounter += 1;
    const app: App = initializeApp({ projectId: fastify.config.firebaseProjectId }, `clube-api-${process.pid}-${appCounter}`);
    const auth = getAuth(app);
    fastify.decorate('identity', {
      verifyIdToken: (token: string) => auth.verifyIdToken(token),
      auth,
    });
    fastify.addHook('onClose', () => deleteApp(app));
  },
  { name: 'firebase' },
);
