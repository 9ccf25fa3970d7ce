import type { DocumentRevisionDocument } from './documents';
import { revisionLabel } from './rules/revision';

export function toRevisionResponse(revision: DocumentRevisionDocument) {
  return {
    id: revision._id.toHexString(),
    itemType: revision.itemType,
    itemId: revision.itemId.toHexString(),
    itemTitle: revision.itemTitle,
    documentCode: revision.documentCode,
    revision: revision.revision,
    label: revisionLabel(revision),
    effectiveDate: revision.effectiveDate,
    changeSummary: revision.changeSummary,
    first: revision.first,
    retrainingDueAt: revision.retrainingDueAt ? revision.retrainingDueAt.toISOString() : null,
    publishedAt: revision.publishedAt.toISOString(),
    publishedByName: revision.publishedByName,
  };
}
