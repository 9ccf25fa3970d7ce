/**
 * The storage keys as request schemas accept them (plain patterns, nothing that runs:
 * schemas of every module may import this file). file-keys.ts checks keys with the same folders.
 */
export const FILE_FOLDERS = ['images', 'documents', 'videos'] as const;
export type FileFolder = (typeof FILE_FOLDERS)[number];

export const FILES_PATH_PREFIX = '/v1/files/';

export const FILE_NAME_PATTERN = '^[a-z0-9][a-z0-9-]{0,99}\\.(png|jpg|webp|pdf|mp4)$';

/** Keys as the schemas accept them on items (attachments, video files). */
export const DOCUMENT_KEY_PATTERN = '^(documents/[a-z0-9][a-z0-9-]{0,99}\\.pdf|images/[a-z0-9][a-z0-9-]{0,99}\\.(png|jpg|webp))$';
export const VIDEO_KEY_PATTERN = '^videos/[a-z0-9][a-z0-9-]{0,99}\\.mp4$';
/** An image field: an external https URL or one of our public files. */
export const IMAGE_URL_PATTERN = '^(https?://[^\\s<>"]{1,500}|/v1/files/images/[a-z0-9][a-z0-9-]{0,99}\\.(png|jpg|webp))$';
