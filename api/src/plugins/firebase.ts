import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Identity {
  /** Verifies a Firebase ID token (signature, expiry, audience); throws a FirebaseAuthError otherwise. */
  verifyIdToken(token: string): Promise<DecodedIdToken>;
  /**
   * The same token as verifyIdToken verified earlier, while it may still be trusted (before its
   * `exp`, at most 5 min): its decoded claims without verifying or waiting; undefined otherwise.
   * `connection` (the request's socket) makes the same token sent again on it cheaper to find.
   */
  cachedIdToken(token: string, connection?: object): DecodedIdToken | undefined;
  /** The Admin Auth API, for the seed and future admin tools. */
  auth: Auth;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}

let appCounter = 0;

const CACHE_MAX_ENTRIES = 10_000;
const CACHE_MAX_AGE_MS = 5 * 60_000;

/**
 * Remembers verified tokens until they expire (at most 5 min), so a page that sends the same
 * token on every call pays for verification once. Nothing is trusted past the token's own
 * `exp`; revocation is not checked either way (as with verifyIdToken without checkRevoked).
 * `cached(token, connection?)` answers a hit synchronously (the request hot path: no promise, no tick).
 */
export function cachedVerifier(verify: (token: string) => Promise<DecodedIdToken>, now: () => number = Date.now) {
  const cache = new Map<string, CacheEntry>();
  // Browsers keep a connection open and send the same token on it call after call: the entry
  // last used on a connection is found by the connection's identity and one string comparison,
  // without hashing the whole (about 1 KB) token as the map lookup must.
  const byConnection = new WeakMap<object, CacheEntry>();
  const cached = (token: string, connection?: object): DecodedIdToken | undefined => {
    let hit = connection === undefined ? undefined : byConnection.get(connection);
    if (hit === undefined || hit.token !== token) {
      hit = cache.get(token);
      if (hit === undefined) return undefined;
      if (connection !== undefined) byConnection.set(connection, hit);
    }
    if (hit.until > now()) return hit.decoded;
    cache.delete(token);
    if (connection !== undefined) byConnection.delete(connection);
    return undefined;
  };
  const verifyCached = async (token: string): Promise<DecodedIdToken> => {
    const hit = cached(token);
    if (hit) return hit;
    const decoded = await verify(token);
    if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(token, { token, decoded, until: Math.min(decoded.exp * 1000, now() + CACHE_MAX_AGE_MS) });
    return decoded;
  };
  return Object.assign(verifyCached, { cached });
}

interface CacheEntry {
  token: string;
  decoded: DecodedIdToken;
  until: number;
}

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
    const verifyIdToken = cachedVerifier((token) => auth.verifyIdToken(token));
    fastify.decorate('identity', { verifyIdToken, cachedIdToken: verifyIdToken.cached, auth });
    fastify.addHook('onClose', () => deleteApp(app));
  },
  { name: 'firebase' },
);
