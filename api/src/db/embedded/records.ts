import { crc32 } from 'node:zlib';
import { BSON } from 'mongodb';
import type { Doc } from './documents';

/**
 * The one on-disk framing of the embedded store (journal and snapshot alike): each record is
 * `[u32 length][u32 crc32][BSON document]`, little-endian. A record whose length runs past the
 * end of the file or whose checksum does not match is torn (a write cut short by a crash):
 * reading stops before it, so a torn record is never loaded.
 */
const HEADER_BYTES = 8;

export function encodeRecord(doc: Doc): Buffer {
  const body = BSON.serialize(doc, { ignoreUndefined: true });
  const record = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  record.writeUInt32LE(body.length, 0);
  record.writeUInt32LE(crc32(body), 4);
  record.set(body, HEADER_BYTES);
  return record;
}

export interface DecodedRecords {
  records: Doc[];
  /** Bytes of whole, valid records from the start; anything after is torn and must be cut off. */
  validBytes: number;
}

export function decodeRecords(buffer: Buffer): DecodedRecords {
  const records: Doc[] = [];
  let offset = 0;
  while (offset + HEADER_BYTES <= buffer.length) {
    const length = buffer.readUInt32LE(offset);
    const checksum = buffer.readUInt32LE(offset + 4);
    const end = offset + HEADER_BYTES + length;
    if (length < 5 || end > buffer.length) break;
    const body = buffer.subarray(offset + HEADER_BYTES, end);
    if (crc32(body) !== checksum) break;
    // The checksum already vouches for the bytes (written by encodeRecord), so UTF-8 is not re-validated.
    records.push(BSON.deserialize(body, { promoteBuffers: false, validation: { utf8: false } }) as Doc);
    offset = end;
  }
  return { records, validBytes: offset };
}
