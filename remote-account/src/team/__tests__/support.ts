import type { UserProfile } from '@clube/platform';
import { profileOf } from '../../__tests__/support/auth';
import type { Team } from '../api/get-team';
import type { Training } from '../api/get-training';

export const LAB = 'Laboratório Vida Análises Clínicas';
export const ACCOUNT_ID = '667000000000000000000001';
export const TECHNICIAN_ID = '667000000000000000000t01';

export const managerProfile = (): UserProfile => profileOf('assinante', { team: { accountId: ACCOUNT_ID, role: 'MANAGER', laboratoryName: LAB } });
export const technicianProfile = (): UserProfile => profileOf('assinante', { team: { accountId: ACCOUNT_ID, role: 'TECHNICIAN', laboratoryName: LAB } });

export function teamOf(overrides: Partial<Team['account']> = {}): Team {
  return {
    account: {
      id: ACCOUNT_ID,
      name: LAB,
      cnpj: '11222333000181',
      seats: 3,
      seatsUsed: 2,
      subscriptionId: '665000000000000000000a01',
      subscriptionStatus: 'ACTIVE',
      credits: { balance: 9, used: 0 },
      ...overrides,
    },
    members: [
      { userId: 'harness-assinante', name: 'Assinante do Harness', email: 'membro@clube.local', role: 'MANAGER', joinedAt: '2026-01-01T12:00:00.000Z' },
      { userId: TECHNICIAN_ID, name: 'Carla Técnica', email: 'carla@lab.com.br', role: 'TECHNICIAN', joinedAt: '2026-01-05T12:00:00.000Z' },
    ],
    invitations: [{ id: '667000000000000000000i01', email: 'davi@lab.com.br', status: 'PENDING', expiresAt: '2026-01-12T12:00:00.000Z', createdAt: '2026-01-05T12:00:00.000Z' }],
  } as Team;
}

export function trainingOf(): Training {
  return {
    period: { from: '2025-01-10T00:00:00.000Z', to: '2026-01-10T23:59:59.999Z' },
    people: [
      {
        userId: TECHNICIAN_ID,
        name: 'Carla Técnica',
        email: 'carla@lab.com.br',
        role: 'TECHNICIAN',
        seatStatus: 'ACTIVE',
        videosFinished: 2,
        hoursWatched: 1.5,
        secondsWatched: 5400,
        timeWatched: '1 h 30 min',
        lastActivityAt: '2026-01-09T12:00:00.000Z',
        items: [
          { videoId: 'v1', videoTitle: 'Controle de qualidade interno', finishedAt: '2026-01-08T12:00:00.000Z', durationSeconds: 3600, duration: '1 h', certificateCode: 'ABCD2345EF' },
          { videoId: 'v2', videoTitle: 'Biossegurança', finishedAt: '2026-01-09T12:00:00.000Z', durationSeconds: 1800, duration: '30 min', certificateCode: null },
        ],
      },
      { userId: 'old', name: 'Edu Antigo', email: 'edu@lab.com.br', role: 'TECHNICIAN', seatStatus: 'REMOVED', videosFinished: 0, hoursWatched: 0, secondsWatched: 0, timeWatched: '0 s', lastActivityAt: null, items: [] },
    ],
  } as Training;
}
