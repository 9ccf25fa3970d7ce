import v8 from 'node:v8';
import { crc32 } from 'node:zlib';
import { BSON, ObjectId } from 'mongodb';
import { isPlainObject } from './documents';
import type { Doc } from './documents';

/**
 * The one on-disk framing of the embedded store (journal and snapshot alike): each record is
 * `[u32 length][u32 crc32][body]`, little-endian; the body is a BSON document, or in a snapshot
 * a chunk of documents (encodeChunk). A record whose length runs past the
 * end of the file or whose checksum does not match is torn (a write cut short by a crash):
 * reading stops before it, so a torn record is never loaded.
 */
const HEADER_BYTES = 8;

export function encodeRecord(doc: Doc): Buffer {
  return frame(BSON.serialize(doc, { ignoreUndefined: true }));
}

function frame(body: Uint8Array): Buffer {
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
  const { bodies, validBytes } = recordBodies(buffer);
  // The checksum already vouches for the bytes (written by encodeRecord), so UTF-8 is not re-validated.
  const records = bodies.map((body) => BSON.deserialize(body, { promoteBuffers: false, validation: { utf8: false } }) as Doc);
  return { records, validBytes };
}

/** The bodies of the whole, valid records from the start, and how many bytes they take. */
export function recordBodies(buffer: Buffer): { bodies: Buffer[]; validBytes: number } {
  const bodies: Buffer[] = [];
  let offset = 0;
  while (offset + HEADER_BYTES <= buffer.length) {
    const length = buffer.readUInt32LE(offset);
    const checksum = buffer.readUInt32LE(offset + 4);
    const end = offset + HEADER_BYTES + length;
    if (length < 5 || end > buffer.length) break;
    const body = buffer.subarray(offset + HEADER_BYTES, end);
    if (crc32(body) !== checksum) break;
    bodies.push(body);
    offset = end;
  }
  return { bodies, validBytes: offset };
}

/**
 * A snapshot chunk: many documents in one record, in V8's own serialisation format
 * (`v8.serialize`), which Node reads back natively at about half the CPU of decoding BSON
 * document by document — start-up time is mostly this decoding. V8 keeps numbers, strings,
 * booleans, null, Dates, arrays and plain objects as they are; an ObjectId is written as its 12
 * bytes (a Uint8Array, which a document of this kind never holds otherwise). A document holding
 * any other BSON value (Binary, Decimal128, Long…) is written as its BSON bytes instead, a
 * Uint8Array at the top level of the chunk.
 */
export function encodeChunk(docs: Doc[]): Buffer {
  return frame(v8.serialize(docs.map((doc) => toChunkValue(doc) ?? BSON.serialize(doc, { ignoreUndefined: true }))));
}

export function decodeChunk(body: Buffer): Doc[] {
  const items = v8.deserialize(body) as unknown[];
  return items.map((item) =>
    ArrayBuffer.isView(item)
      ? (BSON.deserialize(new Uint8Array(item.buffer, item.byteOffset, item.byteLength), { promoteBuffers: false }) as Doc)
      : (revive(item) as Doc),
  );
}

const UNSUPPORTED = Symbol('not representable in a V8 chunk');

/** The document with ObjectIds as bytes, or undefined if it holds a value V8 would not give back as it was. */
function toChunkValue(doc: Doc): unknown {
  const encoded = encodeValue(doc);
  return encoded === UNSUPPORTED ? undefined : encoded;
}

function encodeValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function' ? UNSUPPORTED : value;
  }
  if (value instanceof ObjectId) return new Uint8Array(value.id);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const encoded = encodeValue(item);
      if (encoded === UNSUPPORTED || item === undefined) return UNSUPPORTED;
      items.push(encoded);
    }
    return items;
  }
  if (!isPlainObject(value)) return UNSUPPORTED;
  const result: Doc = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    const encoded = encodeValue(item);
    if (encoded === UNSUPPORTED) return UNSUPPORTED;
    result[key] = encoded;
  }
  return result;
}

/**
 * Whether `v8.deserialize` builds its objects in this module's realm. It does in a plain Node
 * process; under Jest (which runs modules in a vm context) it builds them in Node's main realm,
 * where `instanceof Date` and the plain-object check of this store would not recognise them.
 */
const SAME_REALM = Object.getPrototypeOf(v8.deserialize(v8.serialize({}))) === Object.prototype;

/** Turns the 12-byte arrays back into ObjectIds: in place, or as copies made in this realm (see SAME_REALM). */
function revive(value: unknown): unknown {
  return SAME_REALM ? reviveInPlace(value) : reviveCopy(value);
}

function reviveInPlace(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return new ObjectId(value);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = reviveInPlace(value[i]);
    return value;
  }
  const doc = value as Doc;
  for (const key in doc) {
    const item = doc[key];
    if (item !== null && typeof item === 'object') doc[key] = reviveInPlace(item);
  }
  return doc;
}

function reviveCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) return new ObjectId(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  if (Object.prototype.toString.call(value) === '[object Date]') return new Date((value as Date).getTime());
  if (Array.isArray(value)) return value.map((item: unknown) => reviveCopy(item));
  const copy: Doc = {};
  for (const key of Object.keys(value)) copy[key] = reviveCopy((value as Doc)[key]);
  return copy;
}
