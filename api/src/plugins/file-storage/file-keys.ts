/**
 * Storage keys are `<folder>/<name>.<ext>`, chosen by the API (random names for uploads, fixed
 * `demo-…` names for the demo catalogue), so they are checked here and never built from input.
 * `images/` are public (cards show them to visitors); `documents/` and `videos/` are gated and
 * only reachable through signed URLs.
 */
import type { FileFolder } from './file-key-schemas';

export { FILE_FOLDERS, FILES_PATH_PREFIX, type FileFolder } from './file-key-schemas';

const EXTENSIONS_BY_FOLDER: Record<FileFolder, readonly string[]> = {
  images: ['png', 'jpg', 'webp'],
  documents: ['pdf'],
  videos: ['mp4'],
};

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
};

const KEY = /^(images|documents|videos)\/([a-z0-9][a-z0-9-]{0,99})\.(png|jpg|webp|pdf|mp4)$/;

/**
 * What the transcoding job writes for `videos/<name>.mp4`: `hls/<name>/master.m3u8`, one folder
 * per rendition (`240p/index.m3u8`, `240p/init_0.mp4`, `240p/seg-00000.m4s`…; MPEG-TS `seg-00000.ts`
 * in ladders made before fMP4) and `poster.jpg`. Gated like the video.
 */
const HLS_KEY = /^hls\/[a-z0-9][a-z0-9-]{0,99}\/(master\.m3u8|poster\.jpg|(240p|360p|720p|1080p)\/(index\.m3u8|init_\d\.mp4|seg-\d{5}\.(ts|m4s)))$/;

export function isFileKey(key: string): boolean {
  const match = KEY.exec(key);
  return Boolean(match && EXTENSIONS_BY_FOLDER[match[1] as FileFolder].includes(match[3]!)) || HLS_KEY.test(key);
}

/** The folder of a video's HLS ladder: `videos/<name>.mp4` → `hls/<name>`. */
export function hlsFolderOf(videoKey: string): string {
  return `hls/${videoKey.slice('videos/'.length, -'.mp4'.length)}`;
}

export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`chave de arquivo inválida: ${key}`);
}

export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export function isPublicKey(key: string): boolean {
  return key.startsWith('images/');
}
