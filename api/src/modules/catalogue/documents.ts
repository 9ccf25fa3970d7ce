import type { ObjectId } from 'mongodb';

/** Catalogue documents (PRODUCT.md §4); collections and indexes in collections.ts. */

export const ACCESS_LEVELS = ['FREE', 'SUBSCRIBERS', 'CREDITS'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const PUBLICATION_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const ITEM_TYPES = ['CONTENT', 'VIDEO'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const VIDEO_SOURCE_KINDS = ['file', 'youtube', 'vimeo'] as const;
export type VideoSourceKind = (typeof VIDEO_SOURCE_KINDS)[number];

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

/** The item's text folded for search (rules/search-text.ts), written with the item. */
export interface ItemSearchText {
  title: string;
  /** Contents' summary, videos' description. */
  summary: string;
  /** Contents' body; empty for videos (their transcript has its own). */
  body: string;
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
  /** Absent only on documents written before search existed (the seed backfills them). */
  search?: ItemSearchText;
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

export interface ChapterDocument {
  startSeconds: number;
  title: string;
}

/** What the video knows about its transcript (the cues live in `transcripts`). */
export interface TranscriptSummary {
  cueCount: number;
  updatedAt: Date;
}

export interface VideoDocument extends CatalogueItemDocument {
  description: string;
  source: VideoSource;
  durationSeconds: number;
  thumbnailUrl: string | null;
  /** Absent on videos written before chapters existed: read as []. */
  chapters?: ChapterDocument[];
  transcript?: TranscriptSummary | null;
}

/** A video's transcript as cues (one document per video; rules/transcript-format.ts parses it). */
export interface TranscriptDocument {
  _id: ObjectId;
  videoId: ObjectId;
  /** What the admin sent (both are served as WebVTT). */
  format: 'vtt' | 'srt';
  /** `folded`: the cue's text folded for search (rules/search-text.ts). */
  cues: { startSeconds: number; endSeconds: number; text: string; folded: string }[];
  /** Every cue's folded text, for the search's first filter. */
  searchText: string;
  createdAt: Date;
  updatedAt: Date;
}
