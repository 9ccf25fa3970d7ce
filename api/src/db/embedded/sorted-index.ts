import { ObjectId } from 'mongodb';
import type { Query } from 'mingo';
import { keyOf, type Doc } from './documents';

export type Direction = 1 | -1;
export type SortSpec = Record<string, Direction>;

export interface IndexEntry {
  /** The document's values for the index fields (missing → undefined, ordered like null). */
  values: unknown[];
  id: unknown;
  idKey: string;
}

/**
 * One index of an embedded collection: its entries kept sorted by the index fields (each in
 * its direction), ties broken by _id in the direction of the last field, so a walk over an
 * equality range comes out in the order `{ ...fields, _id }` asks for. Unique indexes also keep
 * a map from key to _id for constant-time lookups and the duplicate check.
 */
export class SortedIndex {
  readonly fields: string[];
  readonly directions: Direction[];
  readonly entries: IndexEntry[] = [];
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
    const values = this.fields.map((field) => indexedValue(doc, field));
    if (this.sparse && values.every((value) => value === undefined)) return undefined;
    return { values, id: doc._id, idKey: keyOf(doc._id) };
  }

  uniqueKey(entry: IndexEntry): string {
    return entry.values.map((value) => keyOf(value)).join('|');
  }

  /** Builds from scratch (index creation, start-up): one sort instead of n inserts. */
  build(docs: Iterable<Doc>): void {
    this.entries.length = 0;
    for (const doc of docs) {
      const entry = this.entryFor(doc);
      if (!entry) continue;
      this.noteArrays(entry);
      this.entries.push(entry);
      if (this.unique) this.unique.set(this.uniqueKey(entry), entry.idKey);
    }
    this.entries.sort((a, b) => this.compare(a, b));
  }

  add(entry: IndexEntry): void {
    this.noteArrays(entry);
    this.entries.splice(this.lowerBound(entry), 0, entry);
    if (this.unique) this.unique.set(this.uniqueKey(entry), entry.idKey);
  }

  remove(entry: IndexEntry): void {
    const at = this.lowerBound(entry);
    const found = this.entries[at];
    if (found && found.idKey === entry.idKey) this.entries.splice(at, 1);
    if (this.unique) {
      const key = this.uniqueKey(entry);
      if (this.unique.get(key) === entry.idKey) this.unique.delete(key);
    }
  }

  /** [start, end) of the entries whose first `values.length` fields equal `values`. */
  equalRange(values: unknown[]): [number, number] {
    const start = this.bound(values, false);
    const end = this.bound(values, true);
    return [start, end];
  }

  private noteArrays(entry: IndexEntry): void {
    if (!this.multikey && entry.values.some((value) => Array.isArray(value))) this.multikey = true;
  }

  private compare(a: IndexEntry, b: IndexEntry): number {
    for (let i = 0; i < this.fields.length; i += 1) {
      const order = compareValues(a.values[i], b.values[i]);
      if (order !== 0) return order * this.directions[i]!;
    }
    return compareValues(a.id, b.id) * this.directions[this.directions.length - 1]!;
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

  /** First entry whose prefix is > values (upper) or >= values (lower). */
  private bound(values: unknown[], upper: boolean): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const order = this.comparePrefix(this.entries[mid]!, values);
      if (order < 0 || (upper && order === 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private comparePrefix(entry: IndexEntry, values: unknown[]): number {
    for (let i = 0; i < values.length; i += 1) {
      const order = compareValues(entry.values[i], values[i]);
      if (order !== 0) return order * this.directions[i]!;
    }
    return 0;
  }
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
