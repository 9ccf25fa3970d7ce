import type { IndexDeclaration } from '../../store/indexes';

/** The collections only the progress module touches (progress- and certificates-repository.ts). */
export const PROGRESS_COLLECTIONS = {
  /** One document per member and video (VideoProgressDocument), written by the player's reports. */
  videoProgress: 'videoProgress',
  /** Certificates of completion, one document per version (CertificateDocument). */
  certificates: 'certificates',
} as const;

const { videoProgress, certificates } = PROGRESS_COLLECTIONS;

export const PROGRESS_INDEXES: IndexDeclaration[] = [
  // one document per member and video; "my videos" newest first, optionally unfinished only
  { collection: videoProgress, key: { userId: 1, videoId: 1 }, options: { unique: true, name: 'one_progress_per_member_video' } },
  { collection: videoProgress, key: { userId: 1, lastReportAt: -1 } },
  { collection: videoProgress, key: { videoId: 1 } },
  // admin metrics: most finished in a window, most watched
  { collection: videoProgress, key: { finishedAt: 1 } },
  { collection: videoProgress, key: { watchedSeconds: 1 } },
  // the public page finds a code; one version n per member and video (so finishing twice, or two
  // racing reports, issue one certificate, and a name correction one new version)
  { collection: certificates, key: { code: 1 }, options: { unique: true, name: 'certificate_code_unique' } },
  {
    collection: certificates,
    key: { userId: 1, videoId: 1, version: 1 },
    options: { unique: true, name: 'one_certificate_version_per_member_video' },
  },
  { collection: certificates, key: { userId: 1, supersededBy: 1 } },
];
