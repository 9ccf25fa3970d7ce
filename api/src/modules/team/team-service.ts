import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import type { UserDocument } from '../users/documents';
import type { InvitationDocument, LaboratoryAccountDocument, SeatDocument, SeatRole } from './documents';
import { AppError, badRequest, conflict, forbidden, isDuplicateKeyError, notFound } from '../../http/app-error';
import type { TrainingItem, TrainingPerson, TrainingPeriod, TrainingRecord } from './rules/training-record';

/** An invitation link is valid for 7 days. */
export const INVITATION_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TeamMember {
  userId: ObjectId;
  name: string;
  email: string;
  role: SeatRole;
  joinedAt: Date;
}

export interface TeamView {
  account: LaboratoryAccountDocument;
  subscriptionStatus: string | null;
  credits: { balance: number; used: number };
  members: TeamMember[];
  invitations: InvitationDocument[];
}

export interface TeamService {
  /** The account the signed-in user manages: 403 for a technician, 404 without one. */
  managedAccount(user: UserDocument): Promise<LaboratoryAccountDocument>;
  view(account: LaboratoryAccountDocument, options?: { members?: boolean }): Promise<TeamView>;
  invite(manager: UserDocument, email: string): Promise<{ invitation: InvitationDocument; inviteUrl: string }>;
  revoke(manager: UserDocument, invitationId: string): Promise<void>;
  removeMember(manager: UserDocument, userId: string): Promise<void>;
  /** "Sair da equipe": a technician gives up their seat (access ends at once; the record keeps the stay). */
  leave(user: UserDocument): Promise<void>;
  /** The notice that the user's team ended, seen. */
  dismissNotice(user: UserDocument): Promise<void>;
  invitationByToken(token: string): Promise<{ invitation: InvitationDocument; account: LaboratoryAccountDocument }>;
  accept(user: UserDocument, token: string): Promise<LaboratoryAccountDocument>;
  /** The account a user manages or sits in (ACTIVE seat), with their role; null when none. */
  accountOfUser(userId: ObjectId): Promise<{ account: LaboratoryAccountDocument; role: SeatRole } | null>;
  /** ACTIVE seats of the account, and REMOVED ones too with `includeRemoved` (the training record keeps them). */
  seats(accountId: ObjectId, includeRemoved?: boolean): Promise<SeatDocument[]>;
  /**
   * LGPD deletion: a technician's seat is freed (REMOVED) and every seat of the person forgets
   * their e-mail; a manager's account stays (its subscription is canceled by the deletion).
   */
  forgetPerson(user: UserDocument, erasureId: ObjectId): Promise<void>;
  /** Everyone who holds or held a seat: the videos they finished in the period while on the team. */
  training(account: LaboratoryAccountDocument, period: TrainingPeriod): Promise<TrainingRecord>;
}

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const teamNotFound = () =>
  notFound('Você ainda não tem uma conta de laboratório. Assine um plano com mais de um assento.', 'TEAM_NOT_FOUND');
const managerOnly = () => forbidden('Apenas o gestor do laboratório pode ver a equipe.', 'TEAM_MANAGER_ONLY');
const invitationNotFound = () => notFound('Convite não encontrado.', 'INVITATION_NOT_FOUND');
const invitationUsed = () => conflict('Este convite já foi usado ou cancelado.', 'INVITATION_USED');
const alreadyOnTeam = () =>
  conflict('Você já faz parte da equipe de um laboratório. Peça ao gestor para remover você antes de aceitar outro convite.', 'ALREADY_ON_TEAM');

/**
 * The rules of laboratory accounts: who manages, invitations (single-use token, 7 days, the
 * invited e-mail only), seats never above what was bought (one conditional update per
 * acceptance), removal ending access at once. Data through the team repository.
 */
export default fp(
  async function teamService(fastify: FastifyInstance) {
    const repo = fastify.teamRepository;
    const users = fastify.usersRepository;
    const now = () => fastify.clock.now();

    const isPendingNow = (invitation: InvitationDocument, at: Date) => invitation.status === 'PENDING' && invitation.expiresAt > at;

    /** Ends an ACTIVE seat: the seat row, the count, the profile's team and the access through it (entitlements read the seat live). False: already ended. */
    async function freeSeat(seat: SeatDocument): Promise<boolean> {
      const at = now();
      if (!(await repo.removeSeat(seat._id, at))) return false;
      await repo.releaseSeat(seat.accountId, at);
      await users.setTeam(seat.userId, null, at);
      await fastify.billing.syncAccess(seat.userId);
      return true;
    }

    /**
     * The manager deleted their account: the team ends cleanly (api/README, "Laboratory accounts").
     * Pending invitations are revoked, every seat is freed, each technician is told on their next
     * visit; the account and its seat rows stay, so the laboratory's training record is kept.
     */
    async function closeTeam(account: LaboratoryAccountDocument): Promise<void> {
      const at = now();
      for (const invitation of await repo.listPendingInvitations(account._id)) await repo.revokeInvitation(invitation._id);
      const message =
        `A conta de equipe do ${account.name} foi encerrada porque a pessoa que a gerenciava excluiu a conta. ` +
        'Seu acesso pela equipe terminou; seu progresso, seus certificados e o que você desbloqueou continuam seus.';
      for (const seat of await repo.listSeats(account._id)) {
        if (!(await repo.removeSeat(seat._id, at)) || seat.role !== 'TECHNICIAN') continue;
        await users.setTeam(seat.userId, null, at);
        await users.setTeamNotice(seat.userId, { laboratoryName: account.name, message, at }, at);
        await fastify.billing.syncAccess(seat.userId);
      }
      await repo.closeAccount(account._id, 'MANAGER_DELETED', at);
      fastify.log.info({ audit: 'team.closed', accountId: account._id.toHexString(), reason: 'MANAGER_DELETED' }, 'equipe encerrada: o gestor excluiu a conta');
    }

    const service: TeamService = {
      async managedAccount(user) {
        const account = await repo.findAccountByManager(user._id);
        if (account) return account;
        const seat = await repo.findActiveSeat(user._id);
        if (seat?.role === 'TECHNICIAN') throw managerOnly();
        throw teamNotFound();
      },

      async view(account, options = {}) {
        const at = now();
        const [subscription, manager, seats, invitations] = await Promise.all([
          fastify.subscriptionsRepository.findById(account.subscriptionId),
          users.findById(account.managerId),
          options.members === false ? Promise.resolve([]) : repo.listSeats(account._id),
          repo.listPendingInvitations(account._id),
        ]);
        const people = new Map((await users.findSummaries(seats.map((seat) => seat.userId))).map((person) => [person._id.toHexString(), person]));
        return {
          account,
          subscriptionStatus: subscription?.status ?? null,
          credits: manager ? { balance: manager.credits.balance, used: manager.credits.used } : { balance: 0, used: 0 },
          members: seats.map((seat) => {
            const person = people.get(seat.userId.toHexString());
            const name = person?.name ?? (seat.email || 'Conta excluída');
            return { userId: seat.userId, name, email: person?.email ?? seat.email, role: seat.role, joinedAt: seat.joinedAt };
          }),
          invitations: invitations.filter((invitation) => isPendingNow(invitation, at)),
        };
      },

      async invite(manager, rawEmail) {
        const account = await service.managedAccount(manager);
        const email = rawEmail.trim().toLowerCase();
        if (account.seatsUsed >= account.seats) {
          throw conflict('Todos os assentos estão ocupados. Remova alguém ou compre mais assentos.', 'SEATS_FULL');
        }
        const at = now();
        const alreadyInvited = () => conflict('Esta pessoa já faz parte da equipe ou já tem um convite pendente.', 'ALREADY_INVITED');
        const pending = await repo.findPendingInvitationByEmail(account._id, email);
        if (pending && isPendingNow(pending, at)) throw alreadyInvited();
        const seats = await repo.listSeats(account._id);
        if (seats.some((seat) => seat.email.toLowerCase() === email)) throw alreadyInvited();
        // An expired invitation to the same e-mail is replaced by the new one.
        if (pending) await repo.revokeInvitation(pending._id);

        const token = randomBytes(32).toString('base64url');
        const invitation: InvitationDocument = {
          _id: new ObjectId(),
          accountId: account._id,
          email,
          tokenHash: tokenHashOf(token),
          status: 'PENDING',
          expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS),
          createdAt: at,
          acceptedBy: null,
          acceptedAt: null,
        };
        await repo.insertInvitation(invitation);
        const inviteUrl = `${fastify.config.publicWebUrl}/equipe/convite/${token}`;
        // E-mail (modules/mail): the message job, keyed by the invitation, right after it is written.
        await fastify.mail.send({
          template: 'team-invitation',
          to: email,
          eventKey: invitation._id.toHexString(),
          data: { laboratoryName: account.name, invitedBy: manager.name || manager.email, link: inviteUrl, expiresAt: invitation.expiresAt.toISOString() },
        });
        return { invitation, inviteUrl };
      },

      async revoke(manager, invitationId) {
        const account = await service.managedAccount(manager);
        const invitation = await repo.findInvitation(account._id, new ObjectId(invitationId));
        if (!invitation) throw invitationNotFound();
        if (!(await repo.revokeInvitation(invitation._id))) throw invitationUsed();
      },

      async removeMember(manager, userId) {
        const account = await service.managedAccount(manager);
        if (manager._id.toHexString() === userId.toLowerCase()) {
          throw badRequest('O gestor não pode remover a si mesmo da equipe.', 'CANNOT_REMOVE_MANAGER');
        }
        const seats = await repo.listSeats(account._id);
        const seat = seats.find((candidate) => candidate.userId.toHexString() === userId.toLowerCase());
        if (!seat) throw notFound('Esta pessoa não faz parte da equipe.', 'MEMBER_NOT_FOUND');
        if (!(await freeSeat(seat))) throw notFound('Esta pessoa não faz parte da equipe.', 'MEMBER_NOT_FOUND');
        fastify.log.info({ audit: 'team.member-removed', accountId: account._id.toHexString(), userId: seat.userId.toHexString() }, 'membro removido da equipe');
      },

      async leave(user) {
        const seat = await repo.findActiveSeat(user._id);
        if (!seat) throw notFound('Você não faz parte da equipe de um laboratório.', 'TEAM_NOT_FOUND');
        if (seat.role === 'MANAGER') {
          throw conflict(
            'Quem gerencia o laboratório não sai da equipe: cancele a assinatura do laboratório ou exclua sua conta para encerrá-la.',
            'MANAGER_CANNOT_LEAVE',
          );
        }
        if (!(await freeSeat(seat))) throw notFound('Você não faz parte da equipe de um laboratório.', 'TEAM_NOT_FOUND');
        fastify.log.info({ audit: 'team.member-left', accountId: seat.accountId.toHexString(), userId: user._id.toHexString() }, 'técnico saiu da equipe');
      },

      async dismissNotice(user) {
        await users.setTeamNotice(user._id, null, now());
      },

      async invitationByToken(token) {
        const invitation = await repo.findInvitationByTokenHash(tokenHashOf(token));
        if (!invitation) throw invitationNotFound();
        const account = await repo.findAccountById(invitation.accountId);
        if (!account) throw invitationNotFound();
        return { invitation, account };
      },

      async accept(user, token) {
        const { invitation, account } = await service.invitationByToken(token);
        const at = now();
        if (invitation.status !== 'PENDING') throw invitationUsed();
        if (invitation.expiresAt <= at) {
          throw new AppError(410, 'INVITATION_EXPIRED', 'Este convite expirou. Peça um novo convite ao gestor do laboratório.');
        }
        if (user.email.toLowerCase() !== invitation.email) {
          throw forbidden('Este convite foi enviado para outro e-mail. Entre com o e-mail convidado.', 'INVITATION_EMAIL_MISMATCH');
        }
        if (await repo.findActiveSeat(user._id)) throw alreadyOnTeam();

        // The seat first (one conditional update: never above `seats`), then the single-use invitation, then the seat row.
        const taken = await repo.takeSeat(account._id, at);
        if (!taken) throw conflict('Todos os assentos do laboratório já estão ocupados.', 'SEATS_FULL');
        if (!(await repo.markInvitationAccepted(invitation._id, user._id, at))) {
          await repo.releaseSeat(account._id, at);
          throw invitationUsed();
        }
        try {
          await repo.insertSeat({
            _id: new ObjectId(),
            accountId: account._id,
            userId: user._id,
            email: user.email.toLowerCase(),
            role: 'TECHNICIAN',
            status: 'ACTIVE',
            joinedAt: at,
            removedAt: null,
          });
        } catch (error) {
          await repo.releaseSeat(account._id, at);
          await repo.reopenInvitation(invitation._id, user._id);
          if (isDuplicateKeyError(error)) throw alreadyOnTeam();
          throw error;
        }
        await users.setTeam(user._id, { accountId: account._id, role: 'TECHNICIAN', laboratoryName: account.name }, at);
        await fastify.billing.syncAccess(user._id);
        return taken;
      },

      async accountOfUser(userId) {
        const seat = await repo.findActiveSeat(userId);
        if (seat) {
          const account = await repo.findAccountById(seat.accountId);
          if (account) return { account, role: seat.role };
        }
        const managed = await repo.findAccountByManager(userId);
        return managed ? { account: managed, role: 'MANAGER' } : null;
      },

      seats: (accountId, includeRemoved) => repo.listSeats(accountId, includeRemoved),

      async forgetPerson(user, erasureId) {
        const seat = await repo.findActiveSeat(user._id);
        if (seat?.role === 'TECHNICIAN') {
          const at = now();
          if (await repo.removeSeat(seat._id, at)) await repo.releaseSeat(seat.accountId, at);
        }
        const managed = await repo.findAccountByManager(user._id);
        if (managed && !managed.closedReason) await closeTeam(managed);
        await repo.forgetSeatEmails(user._id, user.email, erasureId);
      },

      async training(account, period) {
        const seats = await repo.listSeats(account._id, true);
        // A person may have left and come back: every stay counts, the latest seat says their status.
        const stays = new Map<string, SeatDocument[]>();
        for (const seat of seats) stays.set(seat.userId.toHexString(), [...(stays.get(seat.userId.toHexString()) ?? []), seat]);
        const userIds = [...stays.values()].map((list) => list[0]!.userId);
        const [people, finished, certificates, activity] = await Promise.all([
          users.findSummaries(userIds),
          fastify.progressRepository.finishedBetween(userIds, period.start, period.end),
          fastify.certificatesRepository.currentFor(userIds),
          fastify.progressRepository.lastReportOf(userIds),
        ]);
        const videos = await fastify.videosRepository.findByIds([...new Set(finished.map((row) => row.videoId.toHexString()))].map((id) => new ObjectId(id)), false);
        const videoById = new Map(videos.map((video) => [video._id.toHexString(), video]));
        const personById = new Map(people.map((person) => [person._id.toHexString(), person]));
        const codeOf = new Map(certificates.map((certificate) => [`${certificate.userId.toHexString()}:${certificate.videoId.toHexString()}`, certificate.code]));

        const result: TrainingPerson[] = [...stays.entries()].map(([id, list]) => {
          const latest = list.find((seat) => seat.status === 'ACTIVE') ?? list[list.length - 1]!;
          const onTeam = (at: Date) => list.some((seat) => seat.joinedAt <= at && (!seat.removedAt || at <= seat.removedAt));
          const items: TrainingItem[] = finished
            .filter((row) => row.userId.toHexString() === id && onTeam(row.finishedAt))
            .map((row) => {
              const video = videoById.get(row.videoId.toHexString());
              return {
                videoId: row.videoId,
                videoTitle: video?.title ?? 'Vídeo removido do catálogo',
                finishedAt: row.finishedAt,
                durationSeconds: Math.round(video?.durationSeconds ?? row.durationSeconds),
                certificateCode: codeOf.get(`${id}:${row.videoId.toHexString()}`) ?? null,
              };
            });
          const person = personById.get(id);
          return {
            userId: latest.userId,
            name: person?.name ?? (latest.email || 'Conta excluída'),
            email: person?.email ?? latest.email,
            role: latest.role,
            seatStatus: latest.status,
            lastActivityAt: activity.get(id) ?? null,
            items,
          };
        });
        const rank = (person: TrainingPerson) => (person.role === 'MANAGER' ? 0 : person.seatStatus === 'ACTIVE' ? 1 : 2);
        result.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'pt-BR'));
        return { account, period, people: result };
      },
    };

    fastify.decorate('team', service);
  },
  {
    name: 'team-service',
    dependencies: ['clock', 'team-repository', 'users-repository', 'subscriptions-repository', 'catalogue-items-repository', 'progress-repository', 'certificates-repository', 'billing', 'mail'],
  },
);
