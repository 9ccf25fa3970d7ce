import { ObjectId } from 'mongodb';
import type { Query } from 'mingo';
import { keyOf, type Doc } from './documents';

export type Direction = 1 | -1;
export type SortSpec = Record<string, Direction>;

export interface IndexEntry {
  doc: Doc;
  /** [rank, comparable] per field and then for _id: compared with < and > only (see pushSortKey). */
  key: (number | string)[];
}

/**
 * One index of an embedded collection: its entries kept sorted by the index fields (each in
 * its direction), ties broken by _id in the direction of the last field, so a walk over an
 * equality range comes out in the order `{ ...fields, _id }` asks for. Unique indexes also keep
 * a map from key to _id for constant-time lookups and the duplicate check. Stored documents
 * are never mutated (a change stores a new object), so an entry can point at its document.
 */
export class SortedIndex {
  readonly fields: string[];
  readonly directions: Direction[];
  entries: IndexEntry[] = [];
  /** unique key (see uniqueKey) → _id key of the one document holding it */
  readonly unique: Map<string, string> | undefined;
  /** A document had an array in an indexed field: MongoDB would index each element, so equality plans skip this index. */
  multikey = false;

  constructor(
    readonly name: string,
    readonly key: SortSpec,
    isUnique: boolean,
    readonly sparse: boolean,
    readonly partial: Query | undefined,
    readonly partialFilterExpression: Doc | undefined,
  ) {
    this.fields = Object.keys(key);
    this.directions = this.fields.map((field) => key[field]!);
    this.unique = isUnique ? new Map() : undefined;
  }

  /** Whether filters can be planned on this index (it holds every document and no arrays). */
  get plannable(): boolean {
    return !this.partial && !this.sparse && !this.multikey;
  }

  /** The document's entry, or undefined when the index does not cover it (partial/sparse). */
  entryFor(doc: Doc): IndexEntry | undefined {
    if (this.partial && !this.partial.test(doc)) return undefined;
    const key: (number | string)[] = [];
    let present = false;
    for (const field of this.fields) {
      const value = indexedValue(doc, field);
      if (value !== undefined) present = true;
      if (Array.isArray(value)) this.multikey = true;
      pushSortKey(key, value);
    }
    if (this.sparse && !present) return undefined;
    pushSortKey(key, doc._id);
    return { doc, key };
  }

  /** Whether the document has an entry (partial and sparse indexes leave some out). */
  covers(doc: Doc): boolean {
    if (this.partial && !this.partial.test(doc)) return false;
    return !this.sparse || this.fields.some((field) => indexedValue(doc, field) !== undefined);
  }

  /** Equal for two documents exactly when MongoDB would call their index keys duplicates. */
  uniqueKey(doc: Doc): string {
    let text = '';
    for (const field of this.fields) text += `${keyOf(indexedValue(doc, field))}|`;
    return text;
  }

  /** Builds from scratch (index creation, start-up): one sort instead of n inserts. */
  build(docs: Iterable<Doc>): void {
    const entries: IndexEntry[] = [];
    for (const doc of docs) {
      const entry = this.entryFor(doc);
      if (!entry) continue;
      entries.push(entry);
      if (this.unique) this.unique.set(this.uniqueKey(doc), keyOf(doc._id));
    }
    entries.sort((a, b) => this.compare(a, b));
    this.entries = entries;
  }

  add(entry: IndexEntry, idKey: string): void {
    this.entries.splice(this.lowerBound(entry), 0, entry);
    if (this.unique) this.unique.set(this.uniqueKey(entry.doc), idKey);
  }

  remove(entry: IndexEntry, idKey: string): void {
    const at = this.lowerBound(entry);
    if (this.entries[at] && this.compare(this.entries[at], entry) === 0) this.entries.splice(at, 1);
    if (this.unique) {
      const unique = this.uniqueKey(entry.doc);
      if (this.unique.get(unique) === idKey) this.unique.delete(unique);
    }
  }

  /** [start, end) of the entries whose first `values.length` fields equal `values`. */
  equalRange(values: unknown[]): [number, number] {
    const prefix: (number | string)[] = [];
    for (const value of values) pushSortKey(prefix, value);
    return [this.bound(prefix, false), this.bound(prefix, true)];
  }

  private compare(a: IndexEntry, b: IndexEntry): number {
    const left = a.key;
    const right = b.key;
    const fields = this.fields.length;
    for (let i = 0; i <= fields; i += 1) {
      const direction = this.directions[i < fields ? i : fields - 1]!;
      const rankA = left[2 * i]!;
      const rankB = right[2 * i]!;
      if (rankA !== rankB) return rankA < rankB ? -direction : direction;
      const valueA = left[2 * i + 1]!;
      const valueB = right[2 * i + 1]!;
      if (valueA !== valueB) return valueA < valueB ? -direction : direction;
    }
    return 0;
  }

  private lowerBound(entry: IndexEntry): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(this.entries[mid]!, entry) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** First entry whose prefix is > the given one (upper) or >= it (lower). */
  private bound(prefix: (number | string)[], upper: boolean): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const order = this.comparePrefix(this.entries[mid]!.key, prefix);
      if (order < 0 || (upper && order === 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private comparePrefix(key: (number | string)[], prefix: (number | string)[]): number {
    for (let i = 0; i < prefix.length; i += 1) {
      const a = key[i]!;
      const b = prefix[i]!;
      if (a !== b) return (a < b ? -1 : 1) * this.directions[i >> 1]!;
    }
    return 0;
  }
}

/**
 * Appends [rank, comparable] for a value so that comparing the pairs with < and > gives
 * MongoDB's order: numbers and dates as numbers, strings as themselves, ObjectId as its hex
 * (same order as its bytes), booleans as 0/1, anything else as its key string.
 */
function pushSortKey(key: (number | string)[], value: unknown): void {
  const rank = typeRank(value);
  key.push(rank);
  if (rank === 1) key.push(0);
  else if (typeof value === 'number' || typeof value === 'string') key.push(value);
  else if (typeof value === 'boolean') key.push(value ? 1 : 0);
  else if (value instanceof Date) key.push(value.getTime());
  else if (value instanceof ObjectId) key.push(value.toHexString());
  else key.push(keyOf(value));
}

/** The value at a (dotted) path; an array met on the way is returned as is, which marks the index multikey. */
function indexedValue(doc: Doc, path: string): unknown {
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) return current;
    current = (current as Doc)[part];
  }
  return current;
}

/** MongoDB's cross-type order (null < numbers < strings < objects < arrays < ObjectId < booleans < dates). */
function typeRank(value: unknown): number {
  if (value === undefined || value === null) return 1;
  switch (typeof value) {
    case 'number':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
    default:
      if (value instanceof Date) return 9;
      if (value instanceof ObjectId) return 7;
      if (Array.isArray(value)) return 5;
      return 4;
  }
}

export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  if (rankA === 1) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (a instanceof ObjectId && b instanceof ObjectId) return Buffer.compare(a.id, b.id);
  const keyA = keyOf(a);
  const keyB = keyOf(b);
  return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
}
