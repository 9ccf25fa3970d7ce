import { dayjs } from '@clube/platform';

/** What the editor offers; the API knows DRAFT and PUBLISHED, and "scheduled" is PUBLISHED with a future `publishedAt`. */
export type EditorStatus = 'DRAFT' | 'PUBLISHED' | 'SCHEDULED';

interface Publication {
  status: 'DRAFT' | 'PUBLISHED';
  publishedAt: string | null;
}

export const isScheduled = (item: Publication, now = new Date()) => item.status === 'PUBLISHED' && item.publishedAt !== null && new Date(item.publishedAt) > now;

/** `datetime-local` (the admin's own clock) ↔ ISO instants for the API. */
export const toLocalInput = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');

/** The editor's status and date for an item as the API sent it. */
export function editorPublication(item: Publication | undefined): { status: EditorStatus; publishAt: string } {
  if (!item || item.status === 'DRAFT') return { status: 'DRAFT', publishAt: '' };
  if (isScheduled(item)) return { status: 'SCHEDULED', publishAt: toLocalInput(item.publishedAt) };
  return { status: 'PUBLISHED', publishAt: '' };
}

/**
 * What to send for the editor's choice. "Publicado" keeps the date of an item already published
 * (nothing sent) and publishes a scheduled one now; "Agendado" sends the chosen instant.
 */
export function publicationBody(status: EditorStatus, publishAt: string, current: Publication | undefined, now = new Date()): { status: 'DRAFT' | 'PUBLISHED'; publishedAt?: string | null } {
  if (status === 'DRAFT') return { status: 'DRAFT' };
  if (status === 'SCHEDULED') return { status: 'PUBLISHED', publishedAt: new Date(publishAt).toISOString() };
  if (current && isScheduled(current, now)) return { status: 'PUBLISHED', publishedAt: now.toISOString() };
  return { status: 'PUBLISHED' };
}

/** "Rascunho", "Publicado" or "Agendado para DD/MM/YYYY". */
export function publicationLabel(item: Publication, now = new Date()): string {
  if (item.status === 'DRAFT') return 'Rascunho';
  if (isScheduled(item, now) && item.publishedAt) return `Agendado para ${dayjs(item.publishedAt).format('DD/MM/YYYY')}`;
  return 'Publicado';
}
