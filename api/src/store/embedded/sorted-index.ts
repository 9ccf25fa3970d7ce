import { ObjectId } from 'mongodb';
import type { Query } from 'mingo';
import { keyOf, valueOnPath, type Doc } from './documents';

export type Direction = 1 | -1;
export type SortSpec = Record<string, Direction>;

/**
 * An index entry: [rank, comparable] for each field, then for _id (see pushSortKey), then the
 * document itself — one array per entry, compared with < and > only.
 */
export type IndexEntry = (number | string | Doc)[];

/** Where a range starts or ends: block number and position inside it. */
interface Position {
  block: number;
  at: number;
}

const BLOCK_SPLIT = 1024;
const BLOCK_FILL = 512;

/**
 * One index of an embedded collection: its entries kept sorted by the index fields (each in
 * its direction), ties broken by _id in the direction of the last field, so a walk over an
 * equality range comes out in the order `{ ...fields, _id }` asks for. Entries live in blocks
 * of at most 1,024 (a change moves at most a block, not the whole index). Unique indexes also
 * keep a map from key to _id for constant-time lookups and the duplicate check. Stored
 * documents are never mutated (a change stores a new object), so an entry can hold its document.
 */
export class SortedIndex {
  readonly fields: string[];
  readonly directions: Direction[];
  private blocks: IndexEntry[][] = [[]];
  /** unique key (see uniqueKey) → _id key of the one document holding it */
  readonly unique: Map<string, string> | undefined;
  /** A document had an array in an indexed field: MongoDB would index each element, so equality plans skip this index. */
  multikey = false;
  private readonly keyLength: number;
  private readonly paths: string[][];
  /**
   * Whether the sorted entries exist. Every index is sorted when a query first wants its order
   * or a range of it; from then on every write keeps it up to date. A unique index keeps its
   * key map from creation (start-up builds only that: it guards writes and answers whole-key
   * lookups, such as the profile by providerId).
   */
  private built = false;

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
    this.keyLength = 2 * (this.fields.length + 1);
    this.paths = this.fields.map((field) => field.split('.'));
  }

  /** The sorted entries exist (see `built`). */
  get sorted(): boolean {
    return this.built;
  }

  /** Writes must keep this index up to date: its entries are sorted, or it is unique (key map). */
  get maintained(): boolean {
    return this.built || this.unique !== undefined;
  }

  ensureSorted(docs: Iterable<Doc>): void {
    if (!this.built) this.build(docs);
  }

  /**
   * A unique index's key map only, from scratch (creation, start-up); returns the first
   * document whose key another already holds (the index cannot be created), else undefined.
   */
  buildKeys(docs: Iterable<Doc>): Doc | undefined {
    const unique = this.unique!;
    unique.clear();
    for (const doc of docs) {
      if (!this.covers(doc)) continue;
      for (const path of this.paths) if (Array.isArray(valueOnPath(doc, path))) this.multikey = true;
      const key = this.uniqueKey(doc);
      if (unique.has(key)) return doc;
      unique.set(key, idKeyOf(doc));
    }
    return undefined;
  }

  /** Whether filters can be planned on this index (it holds every document and no arrays). */
  get plannable(): boolean {
    return !this.partial && !this.sparse && !this.multikey;
  }

  get size(): number {
    let total = 0;
    for (const block of this.blocks) total += block.length;
    return total;
  }

  /** Whether the document has an entry (partial and sparse indexes leave some out). */
  covers(doc: Doc): boolean {
    if (this.partial && !this.partial.test(doc)) return false;
    return !this.sparse || this.paths.some((path) => valueOnPath(doc, path) !== undefined);
  }

  /** The document's entry, or undefined when the index does not cover it (partial/sparse). */
  entryFor(doc: Doc): IndexEntry | undefined {
    if (this.partial && !this.partial.test(doc)) return undefined;
    const entry: IndexEntry = [];
    let present = false;
    for (const path of this.paths) {
      const value = valueOnPath(doc, path);
      if (value !== undefined) present = true;
      if (Array.isArray(value)) this.multikey = true;
      pushSortKey(entry, value);
    }
    if (this.sparse && !present) return undefined;
    const id = doc._id;
    if (id instanceof ObjectId) entry.push(RANK_OBJECT_ID, idKeyOf(doc));
    else pushSortKey(entry, id);
    entry.push(doc);
    return entry;
  }

  docOf(entry: IndexEntry): Doc {
    return entry[this.keyLength] as Doc;
  }

  /** Equal for two documents exactly when MongoDB would call their index keys duplicates. */
  uniqueKey(doc: Doc): string {
    let text = '';
    for (const path of this.paths) text += `${keyOf(valueOnPath(doc, path))}|`;
    return text;
  }

  /** Builds from scratch (index creation, start-up, first use): one sort instead of n inserts. */
  build(docs: Iterable<Doc>): void {
    this.built = true;
    const entries: IndexEntry[] = [];
    for (const doc of docs) {
      const entry = this.entryFor(doc);
      if (!entry) continue;
      entries.push(entry);
      if (this.unique) this.unique.set(this.uniqueKey(doc), idKeyOf(doc));
    }
    entries.sort((a, b) => this.compare(a, b));
    const blocks: IndexEntry[][] = [];
    for (let start = 0; start < entries.length; start += BLOCK_FILL) blocks.push(entries.slice(start, start + BLOCK_FILL));
    this.blocks = blocks.length ? blocks : [[]];
  }

  add(entry: IndexEntry, idKey: string): void {
    if (this.built) {
      const { block, at } = this.locate(entry);
      const target = this.blocks[block]!;
      target.splice(at, 0, entry);
      if (target.length > BLOCK_SPLIT) this.blocks.splice(block, 1, target.slice(0, target.length >> 1), target.slice(target.length >> 1));
    }
    if (this.unique) this.unique.set(this.uniqueKey(this.docOf(entry)), idKey);
  }

  remove(entry: IndexEntry, idKey: string): void {
    if (this.built) {
      const { block, at } = this.locate(entry);
      const target = this.blocks[block]!;
      if (at < target.length && this.compare(target[at]!, entry) === 0) {
        target.splice(at, 1);
        if (target.length === 0 && this.blocks.length > 1) this.blocks.splice(block, 1);
      }
    }
    if (this.unique) {
      const unique = this.uniqueKey(this.docOf(entry));
      if (this.unique.get(unique) === idKey) this.unique.delete(unique);
    }
  }

  /**
   * A changed document: when its key (index fields and _id) is the same, the entry only points
   * at the new document (one binary search, nothing moves); otherwise remove + add.
   */
  replace(before: IndexEntry, after: IndexEntry, idKey: string): void {
    if (!this.built || this.compare(before, after) !== 0) {
      this.remove(before, idKey);
      this.add(after, idKey);
      return;
    }
    const { block, at } = this.locate(before);
    const target = this.blocks[block]!;
    if (at < target.length && this.compare(target[at]!, before) === 0) target[at] = after;
    else this.add(after, idKey);
  }

  /** How many entries have their first `values.length` fields equal to `values` (two binary searches). */
  rangeSize(values: unknown[]): number {
    if (values.length === 0) return this.size;
    const prefix: (number | string)[] = [];
    for (const value of values) pushSortKey(prefix, value);
    const start = this.bound(prefix, false);
    const end = this.bound(prefix, true);
    let size = 0;
    for (let b = start.block; b <= end.block; b += 1) {
      size += (b === end.block ? end.at : this.blocks[b]!.length) - (b === start.block ? start.at : 0);
    }
    return size;
  }

  /** The documents whose first `values.length` fields equal `values`, forward or backward, and how many. */
  equalRange(values: unknown[], direction: 1 | -1): { docs: Iterable<Doc>; size: number } {
    const prefix: (number | string)[] = [];
    for (const value of values) pushSortKey(prefix, value);
    const start = prefix.length ? this.bound(prefix, false) : { block: 0, at: 0 };
    const end = prefix.length ? this.bound(prefix, true) : { block: this.blocks.length - 1, at: this.blocks[this.blocks.length - 1]!.length };
    let size = 0;
    for (let b = start.block; b <= end.block; b += 1) {
      const length = this.blocks[b]!.length;
      size += (b === end.block ? end.at : length) - (b === start.block ? start.at : 0);
    }
    const blocks = this.blocks;
    const keyLength = this.keyLength;
    function* walk(): Generator<Doc> {
      if (direction === 1) {
        for (let b = start.block; b <= end.block; b += 1) {
          const block = blocks[b]!;
          const last = b === end.block ? end.at : block.length;
          for (let i = b === start.block ? start.at : 0; i < last; i += 1) yield block[i]![keyLength] as Doc;
        }
      } else {
        for (let b = end.block; b >= start.block; b -= 1) {
          const block = blocks[b]!;
          const first = b === start.block ? start.at : 0;
          for (let i = (b === end.block ? end.at : block.length) - 1; i >= first; i -= 1) yield block[i]![keyLength] as Doc;
        }
      }
    }
    return { docs: walk(), size: Math.max(0, size) };
  }

  private compare(a: IndexEntry, b: IndexEntry): number {
    const fields = this.fields.length;
    for (let i = 0; i <= fields; i += 1) {
      const direction = this.directions[i < fields ? i : fields - 1]!;
      const rankA = a[2 * i]!;
      const rankB = b[2 * i]!;
      if (rankA !== rankB) return rankA < rankB ? -direction : direction;
      const valueA = a[2 * i + 1]!;
      const valueB = b[2 * i + 1]!;
      if (valueA !== valueB) return valueA < valueB ? -direction : direction;
    }
    return 0;
  }

  /** The block that holds (or would hold) the entry, and the first position not before it. */
  private locate(entry: IndexEntry): Position {
    return this.firstNotBefore((candidate) => this.compare(candidate, entry) < 0);
  }

  /** First position whose prefix is > the given one (upper) or >= it (lower). */
  private bound(prefix: (number | string)[], upper: boolean): Position {
    return this.firstNotBefore((entry) => {
      const order = this.comparePrefix(entry, prefix);
      return order < 0 || (upper && order === 0);
    });
  }

  /** The first position whose entry is not `before` (true for a leading run of the sorted entries): the block, then the place in it. */
  private firstNotBefore(before: (entry: IndexEntry) => boolean): Position {
    const blocks = this.blocks;
    let low = 0;
    let high = blocks.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const block = blocks[mid]!;
      if (block.length && before(block[block.length - 1]!)) low = mid + 1;
      else high = mid;
    }
    const block = blocks[low]!;
    let first = 0;
    let last = block.length;
    while (first < last) {
      const mid = (first + last) >>> 1;
      if (before(block[mid]!)) first = mid + 1;
      else last = mid;
    }
    return { block: low, at: first };
  }

  private comparePrefix(entry: IndexEntry, prefix: (number | string)[]): number {
    for (let i = 0; i < prefix.length; i += 1) {
      const a = entry[i]!;
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
function pushSortKey(key: (number | string | Doc)[], value: unknown): void {
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
const RANK_OBJECT_ID = 7;

/** The _id key ('o:' + hex for an ObjectId), computed once per stored document. */
const ID_KEY = Symbol('id key');
export function idKeyOf(doc: Doc): string {
  const cached = (doc as Doc & { [ID_KEY]?: string })[ID_KEY];
  if (cached !== undefined) return cached;
  const key = keyOf(doc._id);
  (doc as Doc & { [ID_KEY]?: string })[ID_KEY] = key;
  return key;
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
