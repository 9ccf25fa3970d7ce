import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoQuery } from '../../schemas/common';
import {
  AcceptedInvitationSchema,
  CreatedInvitationSchema,
  CreateInvitationBody,
  InvitationIdParams,
  InvitationPreviewSchema,
  InvitationTokenParams,
  MemberParams,
  TeamSchema,
  toInvitationResponse,
  toTeamAccountResponse,
  toTeamMembersResponse,
} from '../../schemas/team';

const tags = ['team'];

/**
 * Laboratory accounts (issue 16): the manager's team, invitations by link, removal of a
 * technician. The rules are in plugins/app/team-service.ts; every route is for signed-in users and
 * the service decides who manages what (a technician gets 403, another lab's ids 404).
 */
const team: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = fastify.team;

  fastify.get(
    '/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'A equipe do laboratório: assentos, carteira de créditos, membros e convites pendentes (só o gestor)',
        description: '403 TEAM_MANAGER_ONLY: um técnico; 404 TEAM_NOT_FOUND: sem conta de laboratório.',
        querystring: NoQuery,
        response: { 200: TeamSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const view = await service.view(await service.managedAccount(request.user!));
      return {
        account: toTeamAccountResponse(view),
        members: toTeamMembersResponse(view),
        invitations: view.invitations.map(toInvitationResponse),
      };
    },
  );

  fastify.post(
    '/invitations',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Convida por e-mail: devolve o link do convite (válido por 7 dias, uso único), mostrado só agora (só o gestor)',
        description:
          '409 SEATS_FULL: todos os assentos ocupados; 409 ALREADY_INVITED: a pessoa já está na equipe ou tem convite pendente. ' +
          'Convites pendentes podem passar do número de assentos livres: o primeiro a aceitar fica com o assento. ' +
          'Nenhum e-mail é enviado (caixa de saída de desenvolvimento): o gestor copia o link.',
        querystring: NoQuery,
        body: CreateInvitationBody,
        response: { 201: CreatedInvitationSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { invitation, inviteUrl } = await service.invite(request.user!, request.body.email);
      return reply.code(201).send({ ...toInvitationResponse(invitation), inviteUrl });
    },
  );

  fastify.delete(
    '/invitations/:id',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Cancela um convite pendente (só o gestor do laboratório do convite)',
        params: InvitationIdParams,
        querystring: NoQuery,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.revoke(request.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.delete(
    '/members/:userId',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Remove um técnico da equipe: o acesso termina na hora; o progresso e os certificados continuam no registro do laboratório',
        description: '400 CANNOT_REMOVE_MANAGER: o gestor não remove a si mesmo; 404 MEMBER_NOT_FOUND: não está na equipe.',
        params: MemberParams,
        querystring: NoQuery,
        response: { 204: Type.Null(), ...errorResponses(401, 400, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.removeMember(request.user!, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/invitations/by-token/:token',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'O convite de um link, para a página de aceite: laboratório, e-mail convidado, validade e situação',
        params: InvitationTokenParams,
        querystring: NoQuery,
        response: { 200: InvitationPreviewSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { invitation, account } = await service.invitationByToken(request.params.token);
      return { laboratoryName: account.name, email: invitation.email, expiresAt: invitation.expiresAt.toISOString(), status: invitation.status };
    },
  );

  fastify.post(
    '/invitations/by-token/:token/accept',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Aceita o convite com o e-mail convidado: ocupa um assento e passa a ter acesso como assinante',
        description:
          '403 INVITATION_EMAIL_MISMATCH: outro e-mail; 410 INVITATION_EXPIRED; 409 INVITATION_USED: usado ou cancelado; ' +
          '409 SEATS_FULL: sem assento livre; 409 ALREADY_ON_TEAM: já está em uma equipe. Os assentos nunca passam do comprado, nem com aceites simultâneos.',
        params: InvitationTokenParams,
        querystring: NoQuery,
        response: { 200: AcceptedInvitationSchema, ...errorResponses(401, 403, 404, 409, 410) },
      },
    },
    async (request) => {
      const account = await service.accept(request.user!, request.params.token);
      return { accountId: account._id.toHexString(), laboratoryName: account.name };
    },
  );
};

export default team;
