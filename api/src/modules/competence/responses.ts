import { itemKey } from '../revisions/rules/revision';
import type { FunctionWithPeople, MatrixRow, TrailLine } from './competence-service';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toFunction({ fn, items, assignments, names }: FunctionWithPeople) {
  return {
    id: fn._id.toHexString(),
    accountId: fn.accountId.toHexString(),
    name: fn.name,
    description: fn.description,
    dueDays: fn.dueDays,
    requirements: fn.requirements.map((requirement) => ({
      itemType: requirement.itemType,
      itemId: requirement.itemId.toHexString(),
      title: items.get(itemKey(requirement))?.title ?? 'Item removido do catálogo',
      validityMonths: requirement.validityMonths,
    })),
    people: assignments.map((assignment) => ({
      userId: assignment.userId.toHexString(),
      name: names.get(assignment.userId.toHexString()) ?? 'Conta excluída',
      assignedAt: assignment.assignedAt.toISOString(),
    })),
    createdAt: fn.createdAt.toISOString(),
  };
}

export function toTrailLine({ fn, requirement, item, document, standing }: TrailLine) {
  return {
    functionId: fn._id.toHexString(),
    functionName: fn.name,
    itemType: requirement.itemType,
    itemId: requirement.itemId.toHexString(),
    title: item.title,
    document,
    status: standing.status,
    completedAt: iso(standing.completion?.completedAt ?? null),
    completedRevision: standing.completion?.revision ?? null,
    scorePercent: standing.completion?.scorePercent ?? null,
    validUntil: iso(standing.validUntil),
    dueAt: iso(standing.dueAt),
    overdue: standing.overdue,
  };
}

/** Percent with one decimal, null when nothing is required. */
const percent = (part: number, whole: number) => (whole ? Math.round((part * 1000) / whole) / 10 : null);

export function toMatrix(rows: MatrixRow[]) {
  const required = rows.reduce((sum, row) => sum + row.lines.length, 0);
  const inOrder = rows.reduce((sum, row) => sum + row.inOrder, 0);
  return {
    percentInOrder: percent(inOrder, required),
    people: rows.map((row) => ({
      userId: row.userId.toHexString(),
      name: row.name,
      required: row.lines.length,
      inOrder: row.inOrder,
      percentInOrder: percent(row.inOrder, row.lines.length),
      cells: row.lines.map(toTrailLine),
    })),
  };
}
