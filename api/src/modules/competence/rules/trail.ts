import type { CompletionDocument, RequirementDocument, RequirementStatus } from '../documents';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A qualification is "a vencer" this many days before it expires (the first reminder). */
export const EXPIRING_DAYS = 30;


export interface RequirementStanding {
  status: RequirementStatus;
  /** The completion that counts (in force), else the newest superseded one, else null. */
  completion: CompletionDocument | null;
  /** Until when the completion counts; null when it does not expire (or there is none in force). */
  validUntil: Date | null;
  /** When the person must (re)do it; null while it is in order. */
  dueAt: Date | null;
  overdue: boolean;
}

/** `date` plus `months` calendar months (UTC), the day clamped to the month's last (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** Until when a completion counts for a requirement: null when the requirement does not expire. */
export const validUntil = (completedAt: Date, validityMonths: number | null) => (validityMonths === null ? null : addMonths(completedAt, validityMonths));

/**
 * Where one person stands on one requirement of one function (the completions are that person's,
 * of that item, in any order):
 * - a completion in force, within its validity → VALID (EXPIRING in the last 30 days);
 * - in force but past its validity → EXPIRED ("vencida"), due now;
 * - only superseded completions (a newer document revision) → REVISION_DUE, due at `revisionDueAt`;
 * - none → PENDING, due `dueDays` after the assignment.
 */
export function requirementStanding(
  requirement: RequirementDocument,
  completions: CompletionDocument[],
  context: { assignedAt: Date; dueDays: number; revisionDueAt: Date | null; now: Date },
): RequirementStanding {
  const newestFirst = [...completions].sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime());
  const inForce = newestFirst.find((completion) => completion.supersededAt === null) ?? null;
  const { now } = context;
  if (inForce) {
    const until = validUntil(inForce.completedAt, requirement.validityMonths);
    if (until && until <= now) return { status: 'EXPIRED', completion: inForce, validUntil: until, dueAt: until, overdue: true };
    const expiring = until !== null && until.getTime() - now.getTime() <= EXPIRING_DAYS * DAY_MS;
    return { status: expiring ? 'EXPIRING' : 'VALID', completion: inForce, validUntil: until, dueAt: null, overdue: false };
  }
  const superseded = newestFirst[0] ?? null;
  const dueAt = superseded
    ? (context.revisionDueAt ?? now)
    : new Date(context.assignedAt.getTime() + context.dueDays * DAY_MS);
  return { status: superseded ? 'REVISION_DUE' : 'PENDING', completion: superseded, validUntil: null, dueAt, overdue: dueAt <= now };
}

export const isInOrder = (status: RequirementStatus) => status === 'VALID' || status === 'EXPIRING';

/** Days before a qualification expires when the person and the manager are reminded. */
export const REMINDER_DAYS = [30, 7] as const;

/**
 * The reminder due for a qualification valid until `validUntil`: 7 within its last 7 days, 30 within
 * its last 30, null before that or once it has expired (the pages say "Vencida" then).
 */
export function reminderThreshold(validUntil: Date | null, now: Date): (typeof REMINDER_DAYS)[number] | null {
  if (!validUntil || validUntil <= now) return null;
  const left = validUntil.getTime() - now.getTime();
  if (left <= 7 * DAY_MS) return 7;
  return left <= 30 * DAY_MS ? 30 : null;
}
