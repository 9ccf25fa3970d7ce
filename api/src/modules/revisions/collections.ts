import type { IndexDeclaration } from '../../store/indexes';

/** The collection only the revisions module touches (revisions-repository.ts). */
export const REVISIONS_COLLECTIONS = { documentRevisions: 'documentRevisions' } as const;

const { documentRevisions } = REVISIONS_COLLECTIONS;

/** One document per item and revision number; the newest of an item is found by publishing order. */
export const REVISIONS_INDEXES: IndexDeclaration[] = [
  { collection: documentRevisions, key: { itemType: 1, itemId: 1, revision: 1 }, options: { unique: true, name: 'one_revision_number_per_item' } },
  { collection: documentRevisions, key: { itemType: 1, itemId: 1, publishedAt: -1 } },
];
