import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Identity {
  /**
   * Verifies a Firebase ID token (signature, expiry, audience); throws a FirebaseAuthError otherwise.
   * With `checkRevoked`, also that the account is not disabled and its sessions not revoked
   * (trusted for `config.tokenRevocationCheckMs`, then asked again).
   */
  verifyIdToken(token: string, checkRevoked?: boolean): Promise<DecodedIdToken>;
  /**
   * The same token as verifyIdToken verified earlier, while it may still be trusted (before its
   * `exp`, at most 5 min; with `checkRevoked`, also within the revocation check's time): its
   * decoded claims without verifying or waiting; undefined otherwise.
   * `connection` (the request's socket) makes the same token sent again on it cheaper to find.
   */
  cachedIdToken(token: string, connection?: object, checkRevoked?: boolean): DecodedIdToken | undefined;
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
 * `exp`. A verification with `checkRevoked` (the account still enabled, its sessions not
 * revoked) is trusted for `revocationCheckMs` more, then made again; one without it never
 * answers a call that asks for it.
 * `cached(token, connection?, checkRevoked?)` answers a hit synchronously (the request hot path: no promise, no tick).
 *
 * A token being verified is verified once: the calls that miss meanwhile wait for that one answer
 * (a page's parallel calls, or every connection of a busy member when their check window ends).
 * In the last sixth of a check window, a hit also starts one re-check in the background, so steady
 * traffic never waits for it: the account is then checked more often than every `revocationCheckMs`,
 * never less. A re-check that fails ends the window at once (the next call verifies again and gets
 * the 401, or the 503).
 */
export function cachedVerifier(
  verify: (token: string, checkRevoked: boolean) => Promise<DecodedIdToken>,
  now: () => number = Date.now,
  revocationCheckMs = 30_000,
) {
  const cache = new Map<string, CacheEntry>();
  /** Verifications under way, by token and kind (with the revocation check or without). */
  const pending = new Map<string, Promise<DecodedIdToken>>();
  const refreshAheadMs = revocationCheckMs / 6;
  // Browsers keep a connection open and send the same token on it call after call: the entry
  // last used on a connection is found by the connection's identity and one string comparison,
  // without hashing the whole (about 1 KB) token as the map lookup must.
  const byConnection = new WeakMap<object, CacheEntry>();
  const cached = (token: string, connection?: object, checkRevoked = false): DecodedIdToken | undefined => {
    let hit = connection === undefined ? undefined : byConnection.get(connection);
    if (hit === undefined || hit.token !== token) {
      hit = cache.get(token);
      if (hit === undefined) return undefined;
      if (connection !== undefined) byConnection.set(connection, hit);
    }
    const at = now();
    if (hit.until > at) {
      if (!checkRevoked) return hit.decoded;
      if (hit.checkedUntil <= at) return undefined;
      if (hit.checkedUntil - at < refreshAheadMs) recheck(hit);
      return hit.decoded;
    }
    cache.delete(token);
    if (connection !== undefined) byConnection.delete(connection);
    return undefined;
  };
  const verifyCached = async (token: string, checkRevoked = false): Promise<DecodedIdToken> => {
    const hit = cached(token, undefined, checkRevoked);
    if (hit) return hit;
    return verifyOnce(token, checkRevoked);
  };
  const verifyOnce = (token: string, checkRevoked: boolean): Promise<DecodedIdToken> => {
    const key = checkRevoked ? `r${token}` : `t${token}`;
    let verification = pending.get(key);
    if (verification === undefined) {
      verification = verifyAndKeep(token, checkRevoked).finally(() => pending.delete(key));
      pending.set(key, verification);
    }
    return verification;
  };
  const recheck = (entry: CacheEntry): void => {
    if (entry.rechecking) return;
    entry.rechecking = true;
    verifyOnce(entry.token, true).then(
      () => {
        entry.rechecking = false;
      },
      () => {
        entry.rechecking = false;
        entry.checkedUntil = 0;
      },
    );
  };
  const verifyAndKeep = async (token: string, checkRevoked: boolean): Promise<DecodedIdToken> => {
    const decoded = await verify(token, checkRevoked);
    const at = now();
    const previous = cache.get(token);
    if (previous === undefined && cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    const checkedUntil = checkRevoked ? at + revocationCheckMs : (previous?.checkedUntil ?? 0);
    // The same entry object is updated: a connection that holds it sees the new check at once.
    const entry = previous ?? { token, decoded, until: 0, checkedUntil: 0, rechecking: false };
    Object.assign(entry, { decoded, until: Math.min(decoded.exp * 1000, at + CACHE_MAX_AGE_MS), checkedUntil });
    cache.set(token, entry);
    return decoded;
  };
  return Object.assign(verifyCached, { cached });
}

interface CacheEntry {
  token: string;
  decoded: DecodedIdToken;
  until: number;
  /** Until when the account is known to be enabled with this token not revoked (0: never checked). */
  checkedUntil: number;
  /** A background re-check near the window's end is under way. */
  rechecking: boolean;
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
    const verifyIdToken = cachedVerifier(
      (token, checkRevoked) => auth.verifyIdToken(token, checkRevoked),
      Date.now,
      fastify.config.tokenRevocationCheckMs,
    );
    fastify.decorate('identity', { verifyIdToken, cachedIdToken: verifyIdToken.cached, auth });
    fastify.addHook('onClose', () => deleteApp(app));
  },
  { name: 'firebase' },
);
