import { BSON, ObjectId } from 'mongodb';

export type Doc = Record<string, unknown>;

/**
 * Deep copy that keeps BSON values (ObjectId, Date, Binary…) as their classes, which
 * structuredClone would flatten to plain objects. Stored documents never share references
 * with what callers hold, so a caller mutating a result cannot change the store.
 */
export function cloneValue<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) items[i] = cloneValue(value[i] as unknown);
    return items as T;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Object.prototype || proto === null) {
    // for…in over a plain object visits exactly its own enumerable string keys (as Object.entries would), without building the entries.
    const copy: Doc = {};
    for (const key in value) {
      const item = (value as Doc)[key];
      if (item !== undefined) copy[key] = cloneValue(item);
    }
    return copy as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  // ObjectId and the other BSON types (Binary, Decimal128, Long…) are treated as immutable values.
  return value;
}

export function isPlainObject(value: unknown): value is Doc {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A string that is equal for two values exactly when MongoDB would treat them as equal keys. */
export function keyOf(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return `s:${value}`;
  if (typeof value === 'number') return `n:${value}`;
  if (typeof value === 'boolean') return `b:${value}`;
  if (value instanceof ObjectId) return `o:${value.toHexString()}`;
  if (value instanceof Date) return `d:${value.getTime()}`;
  return `j:${BSON.EJSON.stringify(value as Doc, { relaxed: false })}`;
}

/** Deep equality as MongoDB sees documents (field order included), without serialising them. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (a instanceof ObjectId || b instanceof ObjectId) return a instanceof ObjectId && b instanceof ObjectId && a.equals(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValue(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keysA = Object.keys(a).filter((key) => a[key] !== undefined);
    const keysB = Object.keys(b).filter((key) => b[key] !== undefined);
    return keysA.length === keysB.length && keysA.every((key, i) => key === keysB[i] && sameValue(a[key], b[key]));
  }
  return keyOf(a) === keyOf(b);
}

export function getPath(doc: unknown, path: string): unknown {
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Doc)[part];
  }
  return current;
}

/** The value at a dotted path (split once, by the filter or index that reads it); an array met on the way is returned as is. */
export function valueOnPath(doc: Doc, parts: string[]): unknown {
  if (parts.length === 1) return doc[parts[0]!];
  let current: unknown = doc;
  for (const part of parts) {
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) return current;
    current = (current as Doc)[part];
  }
  return current;
}

export function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let current: Doc = doc;
  for (const part of parts.slice(0, -1)) {
    const next = current[part];
    if (!isPlainObject(next)) current[part] = {};
    current = current[part] as Doc;
  }
  current[parts[parts.length - 1] as string] = value;
}

/** Relaxed Extended JSON: numbers stay numbers, ObjectId and Date keep their types on the way back. */
export function serialize(docs: Doc[]): string {
  return BSON.EJSON.stringify(docs, { relaxed: true });
}

export function deserialize(text: string): Doc[] {
  const parsed = BSON.EJSON.parse(text, { relaxed: true }) as unknown;
  if (!Array.isArray(parsed)) throw new Error('arquivo de coleção inválido: esperado um array');
  return parsed as Doc[];
}
