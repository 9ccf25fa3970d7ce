import { badRequest } from '../../../http/app-error';
import type { LaboratoryAccountDocument, SeatRole, SeatStatus } from '../documents';
import type { ObjectId } from 'mongodb';

/**
 * The laboratory's training record (issue 16): per person who holds or held a seat, the videos
 * finished in a period while on the team, with hours and certificate codes.
 */

export interface TrainingItem {
  videoId: ObjectId;
  videoTitle: string;
  finishedAt: Date;
  durationSeconds: number;
  certificateCode: string | null;
}

export interface TrainingPerson {
  userId: ObjectId;
  name: string;
  email: string;
  role: SeatRole;
  seatStatus: SeatStatus;
  lastActivityAt: Date | null;
  items: TrainingItem[];
}

export interface TrainingPeriod {
  /** YYYY-MM-DD, Brasília. */
  from: string;
  to: string;
  /** Instants: from 00:00 of `from` to the end of `to`, Brasília (UTC−3, no daylight saving since 2019). */
  start: Date;
  end: Date;
}

export interface TrainingRecord {
  account: LaboratoryAccountDocument;
  period: TrainingPeriod;
  people: TrainingPerson[];
}

const BRASILIA_OFFSET = '-03:00';
const DAY_MS = 24 * 60 * 60 * 1000;

const isoDay = (date: Date) => new Date(date.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);

function parseDay(value: string, field: string): Date {
  const date = new Date(`${value}T00:00:00.000${BRASILIA_OFFSET}`);
  if (Number.isNaN(date.getTime()) || isoDay(date) !== value) throw badRequest(`Data inválida em "${field}": use AAAA-MM-DD.`, 'INVALID_PERIOD');
  return date;
}

/** The period asked for; default: the 12 months up to today (Brasília). At most 5 years. */
export function trainingPeriod(now: Date, from?: string, to?: string): TrainingPeriod {
  const toDay = to ?? isoDay(now);
  const end = new Date(parseDay(toDay, 'to').getTime() + DAY_MS - 1);
  let fromDay = from;
  if (!fromDay) {
    const start = parseDay(toDay, 'to');
    const yearBefore = new Date(start.getTime());
    yearBefore.setUTCFullYear(yearBefore.getUTCFullYear() - 1);
    fromDay = isoDay(new Date(yearBefore.getTime() + DAY_MS));
  }
  const start = parseDay(fromDay, 'from');
  if (start > end) throw badRequest('O início do período precisa ser antes do fim.', 'INVALID_PERIOD');
  if (end.getTime() - start.getTime() > 5 * 366 * DAY_MS) throw badRequest('Escolha um período de até 5 anos.', 'INVALID_PERIOD');
  return { from: fromDay, to: toDay, start, end };
}
