import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../../http/app-error';
import { withDefaults } from '../../http/query';
import { ownerOrAdmin } from '../../http/authentication';
import { errorResponses, IdParams, paginated, PRINTABLE_TEXT_PATTERN } from '../../http/schemas';
import { listPage } from '../../http/pagination';
import { CreateUserBody, ExistsResponse, ProviderIdParams, UpdateUserBody, UserListQuery, UserSchema, type UserResponse } from './schemas';
import { toUserResponse } from './responses';
import { userNotFound } from './errors';
import { normalizeLaboratory } from './rules/laboratory';
import { consentFor } from './rules/consent';
import { found, routeOptions } from '../../http/route-options';
import { ownCacheMember, type OwnReadOptions } from '../../plugins/response-cache';

const tags = ['users'];
const route = routeOptions(tags);
const PRINTABLE_TEXT = new RegExp(PRINTABLE_TEXT_PATTERN, 'u');

interface IdRequest {
  params: { id: string };
}

/** PATCH /users/{id}: admins change the role of others; a member changes their own profile. */
async function guardUserChanges(request: FastifyRequest): Promise<void> {
  const { params, body, user } = request as FastifyRequest & IdRequest & { body: Record<string, unknown> };
  if (!user) throw forbidden();
  const isSelf = user._id.toHexString() === params.id.toLowerCase();
  if (body.role !== undefined) {
    if (user.role !== 'ADMIN') throw forbidden('Só administradores podem alterar o papel de um usuário.', 'ROLE_CHANGE_FORBIDDEN');
    if (isSelf) throw forbidden('Você não pode alterar o seu próprio papel.', 'ROLE_CHANGE_FORBIDDEN');
  }
  const profileFields = Object.keys(body).filter((key) => key !== 'role');
  if (profileFields.length > 0 && !isSelf) {
    throw forbidden('Só o próprio usuário pode alterar os dados do perfil.', 'PROFILE_CHANGE_FORBIDDEN');
  }
}

/** The profile's owner (by the path's uid or id) or an admin. */
const ownerOfProviderId = ownerOrAdmin((request) => ({ providerId: (request.params as { providerId: string }).providerId }));
const ownerOfId = ownerOrAdmin((request) => ({ userId: (request as FastifyRequest & IdRequest).params.id }));

const users: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.usersRepository;
  // The member's own profile as `readOwn` builds it, made once: no function is created per request
  // (and on a kept body's hit, `sendKept` answers before even these options are copied).
  const ownProfile = {
    topics: [],
    build: async (request: FastifyRequest) => toUserResponse(found(await repository.findByProviderId(request.user!.providerId), userNotFound)),
  } satisfies Omit<OwnReadOptions<UserResponse>, 'member'>;

  fastify.get(
    '/',
    route('admin', 'Lista paginada de usuários (admin)', {
      querystring: UserListQuery,
      response: { 200: paginated(UserSchema), ...errorResponses(401, 403) },
    }),
    // Kept per URL until a profile changes (the admin's list pages back and forth over the same pages).
    (request, reply) => {
      const { field, criteria, ...filters } = withDefaults(request.query, 'field', 'criteria');
      return fastify.responseCache.read(request, reply, {
        topic: 'users',
        build: () => listPage(request.query, (page, limit) => repository.list({ ...filters, page, limit, field, criteria }), (rows) => rows.map(toUserResponse)),
        scopeOf: () => true,
        variantOf: async () => 'admin',
        changesAt: async () => null,
      });
    },
  );

  fastify.post(
    '/',
    route('token', 'Cria o perfil do usuário autenticado (idempotente); acceptLegal registra o aceite dos termos e da política de privacidade', {
      description: '409 LEGAL_VERSION_OUTDATED: acceptLegal não é a versão em vigor (GET /legal).',
      body: CreateUserBody,
      response: { 200: UserSchema, 201: UserSchema, ...errorResponses(401, 409) },
    }),
    async (request, reply) => {
      const principal = request.principal!;
      if (!principal.email) {
        throw badRequest('Sua conta não tem e-mail. Entre com e-mail e senha para criar o perfil.', 'EMAIL_REQUIRED');
      }
      // The Firebase display name is the member's to set: used only when a name field would accept it.
      const fromToken = principal.name?.trim().normalize('NFC').slice(0, 120);
      const usable = fromToken !== undefined && fromToken.length >= 2 && PRINTABLE_TEXT.test(fromToken);
      const name = request.body.name?.trim() || (usable ? fromToken : principal.email.split('@')[0]!);
      const { acceptLegal } = request.body;
      const consent = acceptLegal ? consentFor(acceptLegal, fastify.clock.now()) : undefined;
      const { user, created } = await repository.createFromIdentity({ providerId: principal.uid, email: principal.email, name, consent });
      // The profile existed (a retry after a dropped answer): the consent given now is recorded too.
      const current = !created && consent ? ((await repository.updateProfile(user._id, { consent })) ?? user) : user;
      return reply.code(created ? 201 : 200).send(toUserResponse(current));
    },
  );

  fastify.get(
    '/provider/:providerId',
    route(ownerOfProviderId, 'Perfil pelo uid do Firebase (o próprio usuário ou admin)', {
      params: ProviderIdParams,
      response: { 200: UserSchema, ...errorResponses(401, 403, 404) },
    }),
    (request, reply) => {
      // Members read their own profile on every page load: its serialized body is kept for them
      // (plugins/response-cache.ts), stale on every write to their profile, so a read is the auth
      // hook and a Map hit, sent without a promise. Built from a read that starts after the cache's
      // stamp (not from the auth hook's copy, read earlier): a write in between is never kept.
      if (request.user?.providerId === request.params.providerId) {
        const member = ownCacheMember(request);
        return fastify.responseCache.sendKept(request, reply, member) ?? fastify.responseCache.readOwn(request, reply, { ...ownProfile, member });
      }
      return repository.findByProviderId(request.params.providerId).then((user) => {
        if (!user) throw userNotFound();
        return toUserResponse(user);
      });
    },
  );

  fastify.get(
    '/:id',
    route(ownerOfId, 'Perfil pelo id (o próprio usuário ou admin)', {
      params: IdParams,
      response: { 200: UserSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const own = request.user?._id.toHexString() === request.params.id.toLowerCase() ? request.user : null;
      const user = found(own ?? (await repository.findById(request.params.id)), userNotFound);
      return toUserResponse(user);
    },
  );

  fastify.get(
    '/:id/exists',
    // Any member asking about any id counted the members (neighbouring ids are guessable): #26.
    route(ownerOfId, 'Se existe um usuário com este id (o próprio usuário ou admin)', {
      params: IdParams,
      response: { 200: ExistsResponse, ...errorResponses(401, 403) },
    }),
    async (request) => ({ exists: await repository.existsById(request.params.id) }),
  );

  fastify.patch(
    '/:id',
    {
      config: { auth: ownerOfId },
      preHandler: guardUserChanges,
      schema: {
        tags,
        summary: 'Admin: { role } de outro usuário (o último ADMIN não pode ser rebaixado: 409); o próprio usuário: nome, laboratório, onboarding, aceite dos termos (acceptLegal)',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: UserSchema, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const { role, laboratory, acceptLegal, ...profile } = request.body;
      const user =
        role !== undefined
          ? await repository.updateRole(request.params.id, role)
          : await repository.updateProfile(request.params.id, {
              ...profile,
              ...(laboratory ? { laboratory: normalizeLaboratory(laboratory) } : {}),
              ...(acceptLegal ? { consent: consentFor(acceptLegal, fastify.clock.now()) } : {}),
            });
      if (!user) throw userNotFound();
      // A corrected name: each current certificate gets a new version with it (the old one stays genuine, superseded).
      if (profile.name !== undefined) await fastify.certificatesRepository.reissueForHolderName(user._id, user.name);
      return toUserResponse(user);
    },
  );
};

export default users;
