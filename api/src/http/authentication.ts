import type { DecodedIdToken } from 'firebase-admin/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import type { UserDocument } from '../modules/users/documents';
import { AppError, forbidden, unauthorized } from './app-error';

/** Whose resource a request targets: a profile id, a Firebase uid, or nobody (not found). */
export type Owner = { userId: string | ObjectId } | { providerId: string } | null;
export type OwnerResolver = (request: FastifyRequest) => Owner | Promise<Owner>;

/**
 * Who may call a route, declared in its `config.auth` and enforced by the hooks below:
 * - 'public': anyone, no token read;
 * - 'token': a valid Firebase token, the profile may not exist yet (creating it);
 * - 'signed-in': a valid token and a profile;
 * - 'admin': a profile with role ADMIN;
 * - 'optional': anyone; a token, when sent, must be valid and identifies the caller (catalogue
 *   pages answer visitors and members differently);
 * - { owner, admin }: the owner of the targeted resource (resolved after validation), and
 *   admins unless `admin: false`.
 */
export type AuthRule =
  | 'public'
  | 'optional'
  | 'token'
  | 'signed-in'
  | 'admin'
  | { owner: OwnerResolver; admin?: boolean };

export const ownerOrAdmin = (owner: OwnerResolver): AuthRule => ({ owner, admin: true });
export const ownerOnly = (owner: OwnerResolver): AuthRule => ({ owner, admin: false });

export interface Principal {
  uid: string;
  email: string | undefined;
  name: string | undefined;
  /** When the person last typed their password (the token's `auth_time`, seconds since 1970): an electronic signature asks for a recent one. */
  authTime: number | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
  }
  interface FastifyRequest {
    /** The verified Firebase identity; null on public routes. */
    principal: Principal | null;
    /** The caller's profile (found by providerId); null when public or not created yet. Frozen: kept in the process and shared by the requests that read it (users-repository). */
    user: UserDocument | null;
  }
}

/** firebase-admin codes that mean "this token is not acceptable" (401), not "we failed" (5xx). */
const TOKEN_EXPIRED_CODES = new Set(['auth/id-token-expired']);
const TOKEN_REJECTED_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/project-not-found',
]);

export const PROFILE_REQUIRED_MESSAGE = 'Complete seu cadastro para continuar.';

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthorized();
  const match = /^Bearer ([A-Za-z0-9_\-.=]+)$/.exec(header.trim());
  if (!match?.[1]) throw unauthorized('Sessão inválida. Faça login novamente.', 'INVALID_TOKEN');
  return match[1];
}

/**
 * onRequest of a route with this rule: verifies the token and loads the profile (the one
 * lookup of the request: handlers reuse `request.user`), then settles every rule that needs no
 * route data (401 before anything else, 403 for a wrong role). Public routes get no hook at
 * all (autohooks.ts). A callback hook, not async: a token already verified and a profile this
 * process keeps are found without a promise; otherwise the request waits for one promise only (the
 * profile lookup) instead of three (the lookup, the async function's, and Fastify's `.then` on it).
 */
export const authenticate = (rule: Exclude<AuthRule, 'public'>) => {
  // Every route that acts for a member (their profile and personal data, money, the team) also
  // checks that the account is enabled and its sessions not revoked; only the catalogue's
  // 'optional' reads (visitors and members alike) skip it.
  const checkRevoked = rule !== 'optional';
  return function authenticateRequest(this: FastifyInstance, request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
    const header = request.headers.authorization;
    if (rule === 'optional' && !header) return done();

    // Hot path: the token exactly as an earlier request sent it, verified then and still within
    // its time (cachedIdToken); it passed bearerToken's checks then. Anything else goes the long way.
    const cached = header !== undefined && header.startsWith('Bearer ') ? this.identity.cachedIdToken(header.slice(7), request.raw.socket, checkRevoked) : undefined;
    if (cached !== undefined) return identify(this, request, cached, rule, done);
    verifiedToken(this, request, checkRevoked).then((decoded) => identify(this, request, decoded, rule, done), done);
  };
};

/** The caller's principal and profile from a verified token, then the rule's verdict to `done`. */
function identify(fastify: FastifyInstance, request: FastifyRequest, decoded: DecodedIdToken, rule: Exclude<AuthRule, 'public'>, done: (error?: Error) => void): void {
  request.principal = {
    uid: decoded.uid,
    email: decoded.email,
    name: decoded.name as string | undefined,
    authTime: typeof decoded.auth_time === 'number' ? decoded.auth_time : undefined,
  };
  // The profile this process keeps (fresh: no write to it since it was read, at most 1 s): the
  // request goes on at once, without a promise and its tick; else it is read (and kept).
  const kept = fastify.usersRepository.keptByProviderId(decoded.uid);
  if (kept !== undefined) {
    request.user = kept;
    return done(roleRefusal(rule, kept));
  }
  fastify.usersRepository.findByProviderId(decoded.uid).then((user) => {
    request.user = user;
    if (user) return done(roleRefusal(rule, user));
    // A deleted account's token may still be within its hour (and in the verification cache):
    // without a profile, the erasure record decides, on every route that reads a token.
    fastify.usersRepository.isErasedIdentity(decoded.uid).then((erased) => {
      if (erased) return done(unauthorized('Esta conta foi excluída. Crie uma nova conta para voltar ao clube.', 'ACCOUNT_DELETED'));
      done(roleRefusal(rule, null));
    }, done);
  }, done);
}

/** Why the rule refuses this caller before any route data is read (403), or undefined. Owners are settled in preHandler. */
function roleRefusal(rule: Exclude<AuthRule, 'public'>, user: UserDocument | null): AppError | undefined {
  if (rule === 'token' || rule === 'optional' || typeof rule === 'object') return undefined;
  if (!user) return forbidden(PROFILE_REQUIRED_MESSAGE, 'PROFILE_REQUIRED');
  if (rule === 'admin' && user.role !== 'ADMIN') return forbidden();
  return undefined;
}

/** The bearer token checked and verified (firebase-admin, or its cache); 401 or 503 otherwise. */
async function verifiedToken(fastify: FastifyInstance, request: FastifyRequest, checkRevoked: boolean): Promise<DecodedIdToken> {
  const token = bearerToken(request);
  try {
    return await fastify.identity.verifyIdToken(token, checkRevoked);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (TOKEN_EXPIRED_CODES.has(code)) throw unauthorized('Sua sessão expirou. Faça login novamente.', 'TOKEN_EXPIRED');
    if (TOKEN_REJECTED_CODES.has(code)) throw unauthorized('Sessão inválida. Faça login novamente.', 'INVALID_TOKEN');
    request.log.error({ err: error }, 'token verification failed');
    throw new AppError(503, 'AUTH_UNAVAILABLE', 'Não foi possível verificar sua sessão agora. Tente novamente em instantes.');
  }
}

/**
 * preHandler of an owner route: ownership needs validated params (a malformed id is a 400 before
 * it is a 403). A callback hook, not async: with a synchronous owner resolver (every route's
 * today) the request goes on without waiting for a promise.
 */
export const authorizeOwner = (rule: Extract<AuthRule, object>) =>
  function authorizeOwnerRequest(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
    const { user } = request;
    if (user && rule.admin !== false && user.role === 'ADMIN') return done();
    const owner = rule.owner(request);
    if (owner !== null && typeof (owner as Promise<Owner>).then === 'function') {
      (owner as Promise<Owner>).then((resolved) => done(ownerRefusal(request, resolved)), done);
      return;
    }
    done(ownerRefusal(request, owner as Owner));
  };

/** Why the caller may not act on this owner's resource (403), or undefined when they may. */
function ownerRefusal(request: FastifyRequest, owner: Owner): AppError | undefined {
  const { user, principal } = request;
  if (owner && 'providerId' in owner && principal && owner.providerId === principal.uid) return undefined;
  if (!user) return forbidden(PROFILE_REQUIRED_MESSAGE, 'PROFILE_REQUIRED');
  // Ids are hex: "ABC…" and "abc…" name the same document (an owner using uppercase is still the owner).
  if (owner && 'userId' in owner && String(owner.userId).toLowerCase() === user._id.toHexString()) return undefined;
  return forbidden();
}

/** Routes without a rule (only HEAD twins of GET routes) are treated as admin-only. */
export function ruleOfRoute(route: RouteOptions): AuthRule {
  return route.config?.auth ?? 'admin';
}

/** Refuses to start when a route forgets to say who may call it. */
export function requireAuthRule(route: RouteOptions): void {
  if (route.method === 'HEAD') return;
  if (!route.config || !('auth' in route.config) || route.config.auth === undefined) {
    throw new Error(`A rota ${String(route.method)} ${route.url} precisa declarar config.auth.`);
  }
}

export default fp(
  async function authentication(fastify: FastifyInstance) {
    fastify.decorateRequest('principal', null);
    fastify.decorateRequest('user', null);
  },
  { name: 'authentication', dependencies: ['firebase', 'users-repository'] },
);
