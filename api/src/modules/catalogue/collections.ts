import type { IndexDeclaration } from '../../store/indexes';

/** The collections only the catalogue module touches (its repositories). */
export const CATALOGUE_COLLECTIONS = {
  categories: 'categories',
  contents: 'contents',
  videos: 'videos',
  /** One per video: its cues (TranscriptDocument). */
  transcripts: 'transcripts',
} as const;

const { categories, contents, videos, transcripts } = CATALOGUE_COLLECTIONS;

/** Slugs are the public addresses; lists filter by status/category and sort newest first. */
export const CATALOGUE_INDEXES: IndexDeclaration[] = [
  { collection: categories, key: { slug: 1 }, options: { unique: true, name: 'category_slug_unique' } },
  { collection: categories, key: { order: 1, name: 1 } },
  ...[contents, videos].flatMap((collection): IndexDeclaration[] => [
    { collection, key: { slug: 1 }, options: { unique: true, name: `${collection}_slug_unique` } },
    { collection, key: { status: 1, publishedAt: -1 } },
    { collection, key: { categoryId: 1, publishedAt: -1 } },
    { collection, key: { access: 1, publishedAt: -1 } },
  ]),
  // one transcript per video (PUT replaces it)
  { collection: transcripts, key: { videoId: 1 }, options: { unique: true, name: 'one_transcript_per_video' } },
];
