import type { InvoiceDocument } from '../documents';
import { addDays } from './calendar';

/** The reminders of an unpaid PIX invoice (modules/mail templates). */
export type PixReminder = 'pix-reminder-3-days' | 'pix-reminder-due-today';

/** How many days before the due date the first reminder goes. */
export const REMINDER_LEAD_DAYS = 3;

/** Members pay on Brazilian days: "today" is the calendar day in São Paulo. */
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });
const dayOf = (date: Date) => DAY.format(date);

/**
 * Which reminder an unpaid invoice is due at `now`, if any (each is sent once per invoice, keyed by
 * it): "vence em 3 dias" from three days before the due date until the day before, "vence hoje"
 * on the due day until the due time. A reminder is not sent when the charge itself was issued
 * inside its window (the charge's own e-mail said the same a moment ago): a checkout's first
 * invoice, due three days after it is opened, gets only "vence hoje".
 */
export function pixReminderDue(invoice: Pick<InvoiceDocument, 'status' | 'dueDate' | 'createdAt'>, now: Date): PixReminder | null {
  if (invoice.status !== 'PENDING' || now >= invoice.dueDate) return null;
  const dueDay = dayOf(invoice.dueDate);
  if (dayOf(now) === dueDay) return dayOf(invoice.createdAt) === dueDay ? null : 'pix-reminder-due-today';
  const windowStart = addDays(invoice.dueDate, -REMINDER_LEAD_DAYS);
  if (now < windowStart) return null;
  return invoice.createdAt < windowStart ? 'pix-reminder-3-days' : null;
}
