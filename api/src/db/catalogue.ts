import type { ObjectId } from 'mongodb';

/** Catalogue documents (PRODUCT.md §4); collection names are in collections.ts. */

export const ACCESS_LEVELS = ['FREE', 'SUBSCRIBERS', 'CREDITS'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const PUBLICATION_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const ITEM_TYPES = ['CONTENT', 'VIDEO'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const VIDEO_SOURCE_KINDS = ['file', 'youtube', 'vimeo'] as const;
export type VideoSourceKind = (typeof VIDEO_SOURCE_KINDS)[number];

export const SUGGESTION_STATUSES = ['NEW', 'READ', 'DONE'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export interface CategoryDocument {
  _id: ObjectId;
  name: string;
  slug: string;
  order: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A file kept in storage (`key`, e.g. `documents/3f…9a.pdf`), served through signed URLs. */
export interface AttachmentDocument {
  name: string;
  key: string;
}

/** What contents and videos share: the card, the gate and the publication state. */
export interface CatalogueItemDocument {
  _id: ObjectId;
  title: string;
  slug: string;
  categoryId: ObjectId;
  access: AccessLevel;
  /** Credits an unlock costs; 0 unless `access` is CREDITS. */
  creditCost: number;
  status: PublicationStatus;
  /** Set when published; a future date schedules the item (hidden from members until then). */
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ContentDocument extends CatalogueItemDocument {
  summary: string;
  body: string;
  /** An image URL: `https://…` or `/v1/files/images/…`. */
  coverUrl: string | null;
  attachments: AttachmentDocument[];
}

export interface VideoSource {
  kind: VideoSourceKind;
  /** `file`: a storage key (`videos/….mp4`); `youtube` / `vimeo`: the embed or watch URL. */
  url: string;
}

export interface VideoDocument extends CatalogueItemDocument {
  description: string;
  source: VideoSource;
  durationSeconds: number;
  thumbnailUrl: string | null;
}

export interface BannerDocument {
  _id: ObjectId;
  title: string;
  imageUrl: string;
  linkUrl: string | null;
  order: number;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

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

export interface UnlockDocument {
  _id: ObjectId;
  userId: ObjectId;
  itemType: ItemType;
  itemId: ObjectId;
  credits: number;
  /**
   * false while the credits are being taken (the row is written first, as the lock that makes a
   * second unlock of the same item wait instead of charging again); only settled rows grant access.
   */
  settled: boolean;
  createdAt: Date;
}
