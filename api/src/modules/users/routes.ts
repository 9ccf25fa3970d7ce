import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import { ownerOrAdmin } from '../../http/authentication';
import { errorResponses, IdParams, NoQuery, pageMeta, paginated } from '../../http/schemas';
import {
  CreateUserBody,
  ExistsResponse,
  ProviderIdParams,
  toUserResponse,
  UpdateUserBody,
  UserListQuery,
  UserSchema,
} from './schemas';
import { normalizeLaboratory } from './rules/laboratory';
import { toUnlockResponse } from '../catalogue/responses';
import { MemberProgressQuery, MemberProgressSchema, MemberUnlockSchema, MyUnlocksQuery } from '../entitlements/schemas';
import { toObjectId } from '../../store/object-id';
import { toTeamAccountResponse, toTeamMembersResponse, UserTeamSchema } from '../team/schemas';

const tags = ['users'];
const userNotFound = () => notFound('Usuário não encontrado.', 'USER_NOT_FOUND');

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

const users: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.usersRepository;

  fastify.get(
    '/',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Lista paginada de usuários (admin)',
        querystring: UserListQuery,
        response: { 200: paginated(UserSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { page = 1, limit = 10, field = 'createdAt', criteria = 'desc', ...filters } = request.query;
      const { data, total } = await repository.list({ page, limit, field, criteria, ...filters });
      return { data: data.map(toUserResponse), meta: pageMeta(page, limit, total) };
    },
  );

  fastify.post(
    '/',
    {
      config: { auth: 'token' },
      schema: {
        tags,
        summary: 'Cria o perfil do usuário autenticado (idempotente)',
        querystring: NoQuery,
        body: CreateUserBody,
        response: { 200: UserSchema, 201: UserSchema, ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      if (!principal.email) {
        throw badRequest('Sua conta não tem e-mail. Entre com e-mail e senha para criar o perfil.', 'EMAIL_REQUIRED');
      }
      const fromToken = principal.name?.trim().slice(0, 120);
      const name = request.body.name?.trim() || (fromToken && fromToken.length >= 2 ? fromToken : principal.email.split('@')[0]!);
      const { user, created } = await repository.createFromIdentity({ providerId: principal.uid, email: principal.email, name });
      return reply.code(created ? 201 : 200).send(toUserResponse(user));
    },
  );

  fastify.get(
    '/provider/:providerId',
    {
      config: { auth: ownerOrAdmin((request) => ({ providerId: (request.params as { providerId: string }).providerId })) },
      schema: {
        tags,
        summary: 'Perfil pelo uid do Firebase (o próprio usuário ou admin)',
        params: ProviderIdParams,
        querystring: NoQuery,
        response: { 200: UserSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => {
      // Members read their own profile on every page load: the auth hook already loaded it, and
      // the answer goes out without a promise (a sync handler's value is sent at once).
      if (request.user?.providerId === request.params.providerId) return toUserResponse(request.user);
      return repository.findByProviderId(request.params.providerId).then((user) => {
        if (!user) throw userNotFound();
        return toUserResponse(user);
      });
    },
  );

  fastify.get(
    '/:id',
    {
      config: { auth: ownerOrAdmin((request) => ({ userId: (request as FastifyRequest & IdRequest).params.id })) },
      schema: {
        tags,
        summary: 'Perfil pelo id (o próprio usuário ou admin)',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: UserSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const own = request.user?._id.toHexString() === request.params.id.toLowerCase() ? request.user : null;
      const user = own ?? (await repository.findById(request.params.id));
      if (!user) throw userNotFound();
      return toUserResponse(user);
    },
  );

  fastify.get(
    '/:id/team',
    {
      config: { auth: ownerOrAdmin((request) => ({ userId: (request as FastifyRequest & IdRequest).params.id })) },
      schema: {
        tags,
        summary: 'A conta de laboratório que o usuário gerencia ou da qual participa, com seus assentos e pessoas (o próprio ou admin)',
        description: 'Um técnico consultando a si mesmo recebe `members` vazio: só o gestor e o admin veem a equipe. 404 TEAM_NOT_FOUND: nenhuma.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: UserTeamSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const found = await fastify.team.accountOfUser(toObjectId(request.params.id));
      if (!found) throw notFound('Este usuário não faz parte de uma conta de laboratório.', 'TEAM_NOT_FOUND');
      const seesMembers = request.user!.role === 'ADMIN' || found.role === 'MANAGER';
      const view = await fastify.team.view(found.account, { members: seesMembers });
      return { account: toTeamAccountResponse(view), members: toTeamMembersResponse(view), role: found.role };
    },
  );

  fastify.get(
    '/:id/exists',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Se existe um usuário com este id',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: ExistsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ exists: await repository.existsById(request.params.id) }),
  );

  fastify.get(
    '/:id/unlocks',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'O que um membro desbloqueou, mais recentes primeiro, com o título do item (admin, página do membro)',
        params: IdParams,
        querystring: MyUnlocksQuery,
        response: { 200: paginated(MemberUnlockSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await repository.existsById(request.params.id))) throw userNotFound();
      const { page = 1, limit = 10, itemType } = request.query;
      const { data, total } = await fastify.unlocksService.listForUser(toObjectId(request.params.id), page, limit, itemType);
      const idsOf = (type: string) => data.filter((unlock) => unlock.itemType === type).map((unlock) => unlock.itemId);
      const [contents, videos] = await Promise.all([
        fastify.contentsRepository.findByIds(idsOf('CONTENT'), false),
        fastify.videosRepository.findByIds(idsOf('VIDEO'), false),
      ]);
      const titles = new Map([...contents, ...videos].map((item) => [item._id.toHexString(), item.title]));
      return {
        data: data.map((unlock) => ({ ...toUnlockResponse(unlock), title: titles.get(unlock.itemId.toHexString()) ?? null })),
        meta: pageMeta(page, limit, total),
      };
    },
  );

  fastify.get(
    '/:id/progress',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Vídeos que um membro começou ou terminou, com o progresso (admin, página do membro)',
        params: IdParams,
        querystring: MemberProgressQuery,
        response: { 200: paginated(MemberProgressSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await repository.existsById(request.params.id))) throw userNotFound();
      const { page = 1, limit = 10 } = request.query;
      const { data, total } = await fastify.personalData.progressOf(toObjectId(request.params.id), page, limit);
      const videos = await fastify.videosRepository.findByIds(
        data.map((row) => row.videoId),
        false,
      );
      const byId = new Map(videos.map((video) => [video._id.toHexString(), video]));
      return {
        data: data.map((row) => {
          const video = byId.get(row.videoId.toHexString());
          return {
            videoId: row.videoId.toHexString(),
            title: video?.title ?? null,
            durationSeconds: video?.durationSeconds ?? null,
            watchedSeconds: row.watchedSeconds,
            finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
          };
        }),
        meta: pageMeta(page, limit, total),
      };
    },
  );

  fastify.patch(
    '/:id',
    {
      config: { auth: ownerOrAdmin((request) => ({ userId: (request as FastifyRequest & IdRequest).params.id })) },
      preHandler: guardUserChanges,
      schema: {
        tags,
        summary: 'Admin: { role } de outro usuário (o último ADMIN não pode ser rebaixado: 409); o próprio usuário: nome, laboratório, onboarding',
        params: IdParams,
        querystring: NoQuery,
        body: UpdateUserBody,
        response: { 200: UserSchema, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const { role, laboratory, ...profile } = request.body;
      const user =
        role !== undefined
          ? await repository.updateRole(request.params.id, role)
          : await repository.updateProfile(request.params.id, {
              ...profile,
              ...(laboratory ? { laboratory: normalizeLaboratory(laboratory) } : {}),
            });
      if (!user) throw userNotFound();
      // A corrected name: each current certificate gets a new version with it (the old one stays genuine, superseded).
      if (profile.name !== undefined) await fastify.certificatesRepository.reissueForHolderName(user._id, user.name);
      return toUserResponse(user);
    },
  );
};

export default users;
