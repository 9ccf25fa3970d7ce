/** File types the API accepts, recognised from their first bytes (never from the name). */
export interface FileType {
  kind: 'image' | 'pdf' | 'video';
  extension: 'png' | 'jpg' | 'webp' | 'pdf' | 'mp4';
  contentType: string;
  folder: 'images' | 'documents' | 'videos';
  maxBytes: number;
  /** Names a person may give such a file. */
  nameExtensions: readonly string[];
  label: string;
}

const MB = 1024 * 1024;

export const FILE_TYPES = {
  png: { kind: 'image', extension: 'png', contentType: 'image/png', folder: 'images', maxBytes: 5 * MB, nameExtensions: ['png'], label: 'imagem PNG' },
  jpg: { kind: 'image', extension: 'jpg', contentType: 'image/jpeg', folder: 'images', maxBytes: 5 * MB, nameExtensions: ['jpg', 'jpeg'], label: 'imagem JPEG' },
  webp: { kind: 'image', extension: 'webp', contentType: 'image/webp', folder: 'images', maxBytes: 5 * MB, nameExtensions: ['webp'], label: 'imagem WEBP' },
  pdf: { kind: 'pdf', extension: 'pdf', contentType: 'application/pdf', folder: 'documents', maxBytes: 20 * MB, nameExtensions: ['pdf'], label: 'PDF' },
  mp4: { kind: 'video', extension: 'mp4', contentType: 'video/mp4', folder: 'videos', maxBytes: 2 * 1024 * MB, nameExtensions: ['mp4', 'm4v'], label: 'vídeo MP4' },
} as const satisfies Record<string, FileType>;

export const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(FILE_TYPES).map((type) => type.maxBytes));
/** Bytes needed to recognise every type below. */
export const SNIFF_BYTES = 16;

/** ISO base media brands of MP4 video (HEIC images and QuickTime also start with `ftyp`). */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VP', 'dash', 'mmp4', 'MSNV']);

function startsWith(head: Buffer, bytes: number[], offset = 0): boolean {
  return head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
}

export function detectFileType(head: Buffer): FileType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_TYPES.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return FILE_TYPES.jpg;
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return FILE_TYPES.webp;
  if (head.toString('latin1', 0, 5) === '%PDF-') return FILE_TYPES.pdf;
  if (head.toString('latin1', 4, 8) === 'ftyp' && MP4_BRANDS.has(head.toString('latin1', 8, 12))) return FILE_TYPES.mp4;
  return null;
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot === -1 ? '' : filename.slice(dot + 1).toLowerCase();
}
