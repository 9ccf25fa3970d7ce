import type { ObjectId } from 'mongodb';
import type { ItemType } from '../catalogue/documents';

export const SUGGESTION_STATUSES = ['NEW', 'READ', 'DONE'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export interface SuggestionDocument {
  _id: ObjectId;
  userId: ObjectId;
  subject: string;
  message: string;
  status: SuggestionStatus;
  /** Members' votes, one each (rows in suggestionVotes); absent on suggestions sent before votes existed. */
  votes?: number;
  /** The content or video that answered it (set by an admin). */
  answer?: SuggestionAnswer | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SuggestionAnswer {
  itemType: ItemType;
  itemId: ObjectId;
}

export interface SuggestionVoteDocument {
  _id: ObjectId;
  suggestionId: ObjectId;
  userId: ObjectId;
  createdAt: Date;
}
