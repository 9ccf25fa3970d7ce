import type { ObjectId } from 'mongodb';
import type { ItemType } from '../catalogue/documents';

/**
 * A controlled document's revision (ISO/IEC 17025 §8.3) carried by a video or a content:
 * "POP-COL-003 rev. 4", in force from its effective date. The newest published is in force.
 */
export interface DocumentRevisionDocument {
  _id: ObjectId;
  itemType: ItemType;
  itemId: ObjectId;
  /** The item's title when the revision was published. */
  itemTitle: string;
  /** Upper case, e.g. "POP-COL-003"; the same for every revision of the item. */
  documentCode: string;
  revision: number;
  /** YYYY-MM-DD: the date the document says it is in force from. */
  effectiveDate: string;
  changeSummary: string;
  /** The first revision registered puts the item under control: it supersedes nothing. */
  first: boolean;
  /** When everyone whose function requires the item must have done this revision; null for the first. */
  retrainingDueAt: Date | null;
  publishedAt: Date;
  publishedBy: ObjectId;
  publishedByName: string;
}

/** A catalogue item as the competence modules name it. */
export interface ItemRef {
  itemType: ItemType;
  itemId: ObjectId;
}

/** The item kinds as URL segments (`/revisions/videos/{id}`) and back. */
export const ITEM_SEGMENTS = { videos: 'VIDEO', contents: 'CONTENT' } as const;
export type ItemSegment = keyof typeof ITEM_SEGMENTS;
