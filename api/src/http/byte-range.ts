import type { ByteRange } from '../plugins/file-storage/file-storage';

/**
 * One `Range: bytes=…` range (what <video> sends). Several ranges, a malformed header or an
 * invalid one (last byte before the first) are ignored (the whole file is sent, as RFC 9110
 * allows); a range starting past the end of the file is unsatisfiable.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return null;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;
  if (size === 0) return 'unsatisfiable';
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  // "bytes=1-0": last before first is not a valid range at all, so the header is ignored (RFC 9110 §14.1.1).
  if (endText !== '' && Number(endText) < start) return null;
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
