import type { IndexDeclaration } from '../../store/indexes';

/** What only the media module touches (transcodes-repository.ts): one transcoding state per uploaded video file. */
export const MEDIA_COLLECTIONS = { transcodes: 'transcodes' } as const;

export const MEDIA_INDEXES: IndexDeclaration[] = [
  { collection: MEDIA_COLLECTIONS.transcodes, key: { videoKey: 1 }, options: { unique: true, name: 'one_transcode_per_video_file' } },
];
