import { badRequest, conflict } from '../../../http/app-error';
import type { DocumentRevisionDocument, ItemRef } from '../documents';

/** "VIDEO:64ab…": one string per catalogue item, for maps. */
export const itemKey = (ref: ItemRef) => `${ref.itemType}:${ref.itemId.toHexString()}`;

/** "POP-COL-003 rev. 4" */
export const revisionLabel = (revision: Pick<DocumentRevisionDocument, 'documentCode' | 'revision'>) => `${revision.documentCode} rev. ${revision.revision}`;

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

export interface NewRevision {
  documentCode: string;
  revision: number;
  effectiveDate: string;
}

/**
 * Whether `next` may follow `current` (null: the item is not under control yet): a real date, the
 * same document code, a higher number. Throws the 400/409 the admin reads.
 */
export function checkNewRevision(current: Pick<DocumentRevisionDocument, 'documentCode' | 'revision'> | null, next: NewRevision): void {
  if (!isCalendarDay(next.effectiveDate)) throw badRequest('Data de vigência inválida: use AAAA-MM-DD.', 'INVALID_EFFECTIVE_DATE');
  if (!current) return;
  if (current.documentCode !== next.documentCode) {
    throw badRequest(
      `Este item é o documento ${current.documentCode}: uma nova revisão mantém o código (para outro documento, crie outro item).`,
      'DOCUMENT_CODE_MISMATCH',
    );
  }
  if (next.revision <= current.revision) {
    throw conflict(`A nova revisão precisa ter número maior que a vigente (${revisionLabel(current)}).`, 'REVISION_NOT_NEWER');
  }
}

/**
 * The revision a completion or certificate counts as: its own, or — when it predates document
 * control (null) — the first revision registered, which changed nothing in the item.
 */
export function effectiveRevision(stamped: number | null, first: Pick<DocumentRevisionDocument, 'revision'> | null): number | null {
  return stamped ?? first?.revision ?? null;
}
