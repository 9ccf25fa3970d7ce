import type { InvitationDocument } from './documents';
import { formatWatchTime } from '../../http/format';
import { certificateHours } from '../progress/rules/certificate-code';
import type { TrainingRecord } from './rules/training-record';
import type { TeamView } from './team-service';
import type { TeamResponse, TrainingResponse } from './schemas';

export function toInvitationResponse(invitation: InvitationDocument) {
  return {
    id: invitation._id.toHexString(),
    email: invitation.email,
    status: invitation.status,
    expiresAt: invitation.expiresAt.toISOString(),
    createdAt: invitation.createdAt.toISOString(),
  };
}

export function toTeamAccountResponse(view: TeamView): TeamResponse['account'] {
  const { account } = view;
  return {
    id: account._id.toHexString(),
    name: account.name,
    cnpj: account.cnpj,
    seats: account.seats,
    seatsUsed: account.seatsUsed,
    subscriptionId: account.subscriptionId.toHexString(),
    subscriptionStatus: (view.subscriptionStatus as TeamResponse['account']['subscriptionStatus']) ?? null,
    credits: view.credits,
  };
}

export function toTeamMembersResponse(view: TeamView): TeamResponse['members'] {
  return view.members.map((member) => ({
    userId: member.userId.toHexString(),
    name: member.name,
    email: member.email,
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
  }));
}

const secondsOf = (person: TrainingRecord['people'][number]) => person.items.reduce((sum, item) => sum + item.durationSeconds, 0);

export function toTrainingResponse(record: TrainingRecord): TrainingResponse {
  return {
    period: { from: record.period.from, to: record.period.to },
    people: record.people.map((person) => ({
      userId: person.userId.toHexString(),
      name: person.name,
      email: person.email,
      role: person.role,
      seatStatus: person.seatStatus,
      videosFinished: person.items.length,
      hoursWatched: certificateHours(secondsOf(person)),
      secondsWatched: secondsOf(person),
      timeWatched: formatWatchTime(secondsOf(person)),
      lastActivityAt: person.lastActivityAt ? person.lastActivityAt.toISOString() : null,
      items: person.items.map((item) => ({
        videoId: item.videoId.toHexString(),
        videoTitle: item.videoTitle,
        finishedAt: item.finishedAt.toISOString(),
        durationSeconds: item.durationSeconds,
        duration: formatWatchTime(item.durationSeconds),
        certificateCode: item.certificateCode,
      })),
    })),
  };
}
