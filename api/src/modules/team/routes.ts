import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../http/schemas';
import { perUserReadLimit } from '../../plugins/rate-limit';
import { trainingCsv, trainingFileName, trainingPdf } from './training-record-files';
import { trainingPeriod } from './rules/training-record';
import { AcceptedInvitationSchema, CreatedInvitationSchema, CreateInvitationBody, InvitationIdParams, InvitationPreviewSchema, InvitationTokenParams, MemberParams, TeamSchema, TrainingQuery, TrainingSchema } from './schemas';
import { toInvitationResponse, toTrainingResponse, toTeamAccountResponse, toTeamMembersResponse } from './responses';
import { noContent, routeOptions } from '../../http/route-options';

const route = routeOptions(['team']);

/**
 * Laboratory accounts (issue 16): the manager's team, invitations by link, removal of a
 * technician. The rules are in team-service.ts; every route is for signed-in users and
 * the service decides who manages what (a technician gets 403, another lab's ids 404).
 */
const team: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = fastify.team;

  fastify.get(
    '/',
    route('signed-in', 'A equipe do laboratório: assentos, carteira de créditos, membros e convites pendentes (só o gestor)', {
      description: '403 TEAM_MANAGER_ONLY: um técnico; 404 TEAM_NOT_FOUND: sem conta de laboratório.',
      response: { 200: TeamSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const view = await service.view(await service.managedAccount(request.user!));
      return {
        account: toTeamAccountResponse(view),
        members: toTeamMembersResponse(view),
        invitations: view.invitations.map(toInvitationResponse),
      };
    },
  );

  /** The manager's record for the period asked for (default: the last 12 months). */
  const record = async (request: { user: Parameters<typeof service.managedAccount>[0] | null; query: { from?: string | undefined; to?: string | undefined } }) => {
    const account = await service.managedAccount(request.user!);
    return service.training(account, trainingPeriod(fastify.clock.now(), request.query.from, request.query.to));
  };
  const trainingDescription =
    'Quem está ou esteve na equipe (REMOVED: saiu, o registro fica com o laboratório) e os vídeos que concluiu no período enquanto estava nela; ' +
    'from/to em AAAA-MM-DD (horário de Brasília, to inclusive; padrão: os últimos 12 meses). 400 INVALID_PERIOD; 403 para um técnico.';

  fastify.get(
    '/training',
    route('signed-in', 'Registro de treinamento da equipe: vídeos concluídos, horas, última atividade e certificados, por pessoa (só o gestor)', {
      description: trainingDescription,
      querystring: TrainingQuery,
      response: { 200: TrainingSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => toTrainingResponse(await record(request)),
  );

  fastify.get(
    '/training.csv',
    route('signed-in', 'O registro de treinamento em CSV: uma linha por pessoa e vídeo (Nome; E-mail; Vídeo; Concluído em; Duração; Duração (s); Certificado) (só o gestor)', {
      description: `${trainingDescription} UTF-8 com BOM; textos que uma planilha executaria como fórmula ganham um apóstrofo.`,
      querystring: TrainingQuery,
      produces: ['text/csv'],
      response: { 200: Type.String({ description: 'CSV (UTF-8 com BOM, separador ponto e vírgula, como o Excel em português abre; linha de cabeçalho)' }), ...errorResponses(401, 403, 404) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const training = await record(request);
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${trainingFileName(training.period, 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(trainingCsv(training));
    },
  );

  fastify.get(
    '/training.pdf',
    route('signed-in', 'O registro de treinamento em PDF: laboratório, CNPJ, período e, por pessoa, vídeo, data de conclusão, duração e certificado (só o gestor)', {
      description: trainingDescription,
      querystring: TrainingQuery,
      produces: ['application/pdf'],
      response: { 200: Type.String({ description: 'PDF', contentMediaType: 'application/pdf' }), ...errorResponses(401, 403, 404) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const training = await record(request);
      const pdf = await trainingPdf(training, fastify.clock.now());
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${trainingFileName(training.period, 'pdf')}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  fastify.post(
    '/invitations',
    route('signed-in', 'Convida por e-mail: devolve o link do convite (válido por 7 dias, uso único), mostrado só agora (só o gestor)', {
      description:
        '409 SEATS_FULL: todos os assentos ocupados; 409 ALREADY_INVITED: a pessoa já está na equipe ou tem convite pendente. ' +
        'Convites pendentes podem passar do número de assentos livres: o primeiro a aceitar fica com o assento. ' +
        'O convite também sai por e-mail para a pessoa convidada (com o mesmo link).',
      body: CreateInvitationBody,
      response: { 201: CreatedInvitationSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const { invitation, inviteUrl } = await service.invite(request.user!, request.body.email);
      return reply.code(201).send({ ...toInvitationResponse(invitation), inviteUrl });
    },
  );

  fastify.delete(
    '/invitations/:id',
    route('signed-in', 'Cancela um convite pendente (só o gestor do laboratório do convite)', {
      params: InvitationIdParams,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
    }),
    async (request, reply) => noContent(reply, service.revoke(request.user!, request.params.id)),
  );

  fastify.delete(
    '/members/:userId',
    route('signed-in', 'Remove um técnico da equipe: o acesso termina na hora; o progresso e os certificados continuam no registro do laboratório', {
      description: '400 CANNOT_REMOVE_MANAGER: o gestor não remove a si mesmo; 404 MEMBER_NOT_FOUND: não está na equipe.',
      params: MemberParams,
      response: { 204: Type.Null(), ...errorResponses(401, 400, 403, 404) },
    }),
    async (request, reply) => noContent(reply, service.removeMember(request.user!, request.params.userId)),
  );

  fastify.delete(
    '/membership',
    route('signed-in', 'Sair da equipe (técnico): o assento é liberado e o acesso pela equipe termina na hora; o registro do laboratório guarda a passagem', {
      description: '404 TEAM_NOT_FOUND: não está em nenhuma equipe; 409 MANAGER_CANNOT_LEAVE: o gestor encerra a equipe cancelando a assinatura ou excluindo a conta.',
      response: { 204: Type.Null(), ...errorResponses(401, 404, 409) },
    }),
    async (request, reply) => noContent(reply, service.leave(request.user!)),
  );

  fastify.delete(
    '/notice',
    route('signed-in', 'Marca como visto o aviso de que a equipe foi encerrada (teamNotice do perfil)', {
      response: { 204: Type.Null(), ...errorResponses(401) },
    }),
    async (request, reply) => noContent(reply, service.dismissNotice(request.user!)),
  );

  fastify.get(
    '/invitations/by-token/:token',
    // Public: the link is the secret (32 random bytes), and the person who opens it may not have an account yet.
    route('public', 'O convite de um link, para a página de aceite: quem convidou, laboratório, e-mail convidado, validade e situação (sem login: quem tem o link)', {
      params: InvitationTokenParams,
      response: { 200: InvitationPreviewSchema, ...errorResponses(404) },
    }),
    async (request) => {
      const { invitation, account } = await service.invitationByToken(request.params.token);
      const manager = await fastify.usersRepository.findById(account.managerId);
      return {
        inviterName: manager?.name ?? null,
        laboratoryName: account.name,
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
        status: invitation.status,
      };
    },
  );

  fastify.post(
    '/invitations/by-token/:token/accept',
    route('signed-in', 'Aceita o convite com o e-mail convidado: ocupa um assento e passa a ter acesso como assinante', {
      description:
        '403 INVITATION_EMAIL_MISMATCH: outro e-mail; 410 INVITATION_EXPIRED; 409 INVITATION_USED: usado ou cancelado; ' +
        '409 SEATS_FULL: sem assento livre; 409 ALREADY_ON_TEAM: já está em uma equipe. Os assentos nunca passam do comprado, nem com aceites simultâneos.',
      params: InvitationTokenParams,
      response: { 200: AcceptedInvitationSchema, ...errorResponses(401, 403, 404, 409, 410) },
    }),
    async (request) => {
      const account = await service.accept(request.user!, request.params.token);
      return { accountId: account._id.toHexString(), laboratoryName: account.name };
    },
  );
};

export default team;
