import { Aggregator, Query, update as applyModifier } from 'mingo';
import { MongoServerError, ObjectId } from 'mongodb';
import { cloneValue, getPath, isPlainObject, keyOf, setPath, type Doc } from './documents';

type SortSpec = Record<string, 1 | -1>;
type SortInput = SortSpec | [string, 1 | -1][] | undefined;
type Projection = Record<string, 0 | 1 | boolean>;

interface FindOptions {
  sort?: SortInput;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

interface UpdateOptions {
  upsert?: boolean;
  sort?: SortInput;
}

interface FindOneAndUpdateOptions extends UpdateOptions {
  returnDocument?: 'before' | 'after';
  projection?: Projection;
  includeResultMetadata?: boolean;
}

interface IndexOptions {
  unique?: boolean;
  name?: string;
  partialFilterExpression?: Doc;
  sparse?: boolean;
}

interface IndexDefinition {
  name: string;
  key: SortSpec;
  unique: boolean;
  sparse: boolean;
  partial: Query | undefined;
  partialFilterExpression: Doc | undefined;
  /** unique key → _id key of the one document holding it */
  entries: Map<string, string>;
}

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$setOnInsert',
  '$push',
  '$pull',
  '$addToSet',
  '$min',
  '$max',
  '$mul',
  '$rename',
  '$currentDate',
  '$pop',
  '$pullAll',
]);

/**
 * The subset of the driver's Collection API the Clube API uses, in memory, on mingo.
 * Every method does its whole job synchronously before its promise settles, so each
 * operation is atomic with respect to every other (JavaScript runs one at a time), and a
 * conditional findOneAndUpdate really is conditional.
 */
export class EmbeddedCollection {
  /** _id key → document, in insertion (natural) order. */
  private readonly docs = new Map<string, Doc>();
  private readonly indexDefinitions = new Map<string, IndexDefinition>();

  constructor(
    readonly dbName: string,
    readonly collectionName: string,
    initial: Doc[],
    private readonly persist: (docs: Doc[]) => void,
  ) {
    for (const doc of initial) this.docs.set(keyOf(doc._id), doc);
  }

  get namespace(): string {
    return `${this.dbName}.${this.collectionName}`;
  }

  async insertOne(doc: Doc): Promise<{ acknowledged: true; insertedId: unknown }> {
    if (doc._id === undefined) doc._id = new ObjectId();
    const stored = cloneValue(doc);
    this.commit([{ before: undefined, after: stored }]);
    return { acknowledged: true, insertedId: stored._id };
  }

  async insertMany(docs: Doc[]): Promise<{ acknowledged: true; insertedCount: number; insertedIds: Record<number, unknown> }> {
    const changes = docs.map((doc) => {
      if (doc._id === undefined) doc._id = new ObjectId();
      return { before: undefined, after: cloneValue(doc) };
    });
    this.commit(changes);
    const insertedIds: Record<number, unknown> = {};
    changes.forEach((change, index) => (insertedIds[index] = change.after._id));
    return { acknowledged: true, insertedCount: changes.length, insertedIds };
  }

  async findOne(filter: Doc = {}, options: FindOptions = {}): Promise<Doc | null> {
    const [first] = this.select(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  find(filter: Doc = {}, options: FindOptions = {}): EmbeddedCursor {
    return new EmbeddedCursor((cursorOptions) => this.select(filter, { ...options, ...cursorOptions }));
  }

  async countDocuments(filter: Doc = {}, options: { skip?: number; limit?: number } = {}): Promise<number> {
    return this.select(filter, { ...options, projection: { _id: 1 } }).length;
  }

  async estimatedDocumentCount(): Promise<number> {
    return this.docs.size;
  }

  async distinct(field: string, filter: Doc = {}): Promise<unknown[]> {
    const seen = new Map<string, unknown>();
    for (const doc of this.matching(filter)) {
      const value = getPath(doc, field);
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && !seen.has(keyOf(item))) seen.set(keyOf(item), cloneValue(item));
      }
    }
    return [...seen.values()];
  }

  aggregate(pipeline: Doc[]): EmbeddedCursor {
    return new EmbeddedCursor(() => {
      const result = new Aggregator(pipeline).run([...this.docs.values()].map((doc) => cloneValue(doc)));
      return result as Doc[];
    });
  }

  async updateOne(filter: Doc, update: Doc, options: UpdateOptions = {}) {
    const result = this.updateFirst(filter, update, options);
    return {
      acknowledged: true as const,
      matchedCount: result.before ? 1 : 0,
      modifiedCount: result.modified ? 1 : 0,
      upsertedCount: result.upserted ? 1 : 0,
      upsertedId: result.upserted ? (result.after?._id ?? null) : null,
    };
  }

  async updateMany(filter: Doc, update: Doc, options: { upsert?: boolean } = {}) {
    assertOperatorUpdate(update);
    const targets = this.matching(filter);
    if (targets.length === 0 && options.upsert) {
      const result = this.updateFirst(filter, update, options);
      return { acknowledged: true as const, matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: result.after?._id ?? null };
    }
    const changes = targets
      .map((before) => ({ before, after: this.applyUpdate(before, update, false) }))
      .filter((change) => keyOf(change.before) !== keyOf(change.after));
    this.commit(changes);
    return {
      acknowledged: true as const,
      matchedCount: targets.length,
      modifiedCount: changes.length,
      upsertedCount: 0,
      upsertedId: null,
    };
  }

  async replaceOne(filter: Doc, replacement: Doc, options: { upsert?: boolean } = {}) {
    if (Object.keys(replacement).some((key) => key.startsWith('$'))) {
      throw serverError(2, 'Replacement document must not contain atomic operators');
    }
    const [before] = this.matching(filter, undefined, 1);
    if (!before && !options.upsert) {
      return { acknowledged: true as const, matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
    }
    const after = cloneValue(replacement);
    after._id = before ? before._id : (replacement._id ?? this.upsertBase(filter)._id ?? new ObjectId());
    this.commit([{ before, after }]);
    return {
      acknowledged: true as const,
      matchedCount: before ? 1 : 0,
      modifiedCount: before ? 1 : 0,
      upsertedCount: before ? 0 : 1,
      upsertedId: before ? null : after._id,
    };
  }

  async findOneAndUpdate(filter: Doc, update: Doc, options: FindOneAndUpdateOptions = {}) {
    const result = this.updateFirst(filter, update, options);
    const chosen = options.returnDocument === 'after' ? result.after : result.before;
    const value = chosen ? project(cloneValue(chosen), options.projection) : null;
    if (!options.includeResultMetadata) return value;
    return {
      ok: 1,
      value,
      lastErrorObject: {
        n: result.before || result.upserted ? 1 : 0,
        updatedExisting: Boolean(result.before),
        ...(result.upserted ? { upserted: result.after?._id } : {}),
      },
    };
  }

  async findOneAndDelete(filter: Doc, options: { sort?: SortInput; projection?: Projection } = {}) {
    const [target] = this.matching(filter, options.sort, 1);
    if (!target) return null;
    this.commit([{ before: target, after: undefined }]);
    return project(cloneValue(target), options.projection);
  }

  async deleteOne(filter: Doc = {}) {
    const [target] = this.matching(filter, undefined, 1);
    if (target) this.commit([{ before: target, after: undefined }]);
    return { acknowledged: true as const, deletedCount: target ? 1 : 0 };
  }

  async deleteMany(filter: Doc = {}) {
    const targets = this.matching(filter);
    this.commit(targets.map((before) => ({ before, after: undefined })));
    return { acknowledged: true as const, deletedCount: targets.length };
  }

  async createIndex(key: SortSpec, options: IndexOptions = {}): Promise<string> {
    const name = options.name ?? Object.entries(key).map(([field, direction]) => `${field}_${direction}`).join('_');
    const existing = this.indexDefinitions.get(name);
    if (existing) {
      if (JSON.stringify(existing.key) !== JSON.stringify(key) || existing.unique !== Boolean(options.unique)) {
        throw serverError(86, `An existing index has the same name as the requested index: ${name}`);
      }
      return name;
    }
    const definition: IndexDefinition = {
      name,
      key: { ...key },
      unique: Boolean(options.unique),
      sparse: Boolean(options.sparse),
      partialFilterExpression: options.partialFilterExpression,
      partial: options.partialFilterExpression ? new Query(options.partialFilterExpression) : undefined,
      entries: new Map(),
    };
    if (definition.unique) {
      for (const doc of this.docs.values()) {
        const entry = indexEntry(definition, doc);
        if (entry === undefined) continue;
        if (definition.entries.has(entry)) throw this.duplicateKeyError(definition, doc);
        definition.entries.set(entry, keyOf(doc._id));
      }
    }
    this.indexDefinitions.set(name, definition);
    return name;
  }

  async indexes(): Promise<Doc[]> {
    return [
      { v: 2, key: { _id: 1 }, name: '_id_' },
      ...[...this.indexDefinitions.values()].map((index) => ({
        v: 2,
        key: index.key,
        name: index.name,
        ...(index.unique ? { unique: true } : {}),
        ...(index.partialFilterExpression ? { partialFilterExpression: index.partialFilterExpression } : {}),
      })),
    ];
  }

  async drop(): Promise<boolean> {
    this.commit([...this.docs.values()].map((before) => ({ before, after: undefined })));
    this.indexDefinitions.clear();
    return true;
  }

  // ---- internals (all synchronous) ----

  private select(filter: Doc, options: FindOptions): Doc[] {
    const limit = options.limit && options.limit > 0 ? options.limit : undefined;
    const skip = options.skip ?? 0;
    let docs = this.matching(filter, options.sort, limit === undefined ? undefined : skip + limit);
    docs = docs.slice(skip, limit === undefined ? undefined : skip + limit);
    return docs.map((doc) => project(cloneValue(doc), options.projection));
  }

  /** Stored (not cloned) documents matching the filter, sorted; callers must not mutate them. */
  private matching(filter: Doc, sort?: SortInput, max?: number): Doc[] {
    const query = new Query(filter ?? {});
    const spec = normalizeSort(sort);
    const result: Doc[] = [];
    for (const doc of this.candidates(filter)) {
      if (!query.test(doc)) continue;
      result.push(doc);
      if (!spec && max !== undefined && result.length >= max) break;
    }
    if (!spec) return result;
    const sorted = result.sort((a, b) => compareBySpec(a, b, spec));
    return max === undefined ? sorted : sorted.slice(0, max);
  }

  /** Uses _id or a single-field unique index for plain equality filters (the hot path). */
  private candidates(filter: Doc): Iterable<Doc> {
    if (!filter) return this.docs.values();
    const id = filter._id;
    if (id !== undefined && isEqualityValue(id)) {
      const doc = this.docs.get(keyOf(id));
      return doc ? [doc] : [];
    }
    for (const index of this.indexDefinitions.values()) {
      const fields = Object.keys(index.key);
      const field = fields[0];
      if (!index.unique || index.partial || index.sparse || fields.length !== 1 || field === undefined) continue;
      const value = filter[field];
      if (value === undefined || !isEqualityValue(value) || value === null) continue;
      const idKey = index.entries.get(keyOf(value));
      const doc = idKey ? this.docs.get(idKey) : undefined;
      return doc ? [doc] : [];
    }
    return this.docs.values();
  }

  private updateFirst(filter: Doc, update: Doc, options: UpdateOptions) {
    assertOperatorUpdate(update);
    const [before] = this.matching(filter, options.sort, 1);
    if (before) {
      const after = this.applyUpdate(before, update, false);
      const modified = keyOf(before) !== keyOf(after);
      if (modified) this.commit([{ before, after }]);
      return { before: cloneValue(before), after: modified ? after : cloneValue(before), modified, upserted: false };
    }
    if (!options.upsert) return { before: undefined, after: undefined, modified: false, upserted: false };
    const after = this.applyUpdate(this.upsertBase(filter), update, true);
    if (after._id === undefined) after._id = new ObjectId();
    this.commit([{ before: undefined, after }]);
    return { before: undefined, after, modified: false, upserted: true };
  }

  private upsertBase(filter: Doc): Doc {
    const base: Doc = {};
    const addEqualities = (conditions: Doc) => {
      for (const [key, value] of Object.entries(conditions)) {
        if (key === '$and' && Array.isArray(value)) value.forEach((part) => isPlainObject(part) && addEqualities(part));
        else if (!key.startsWith('$') && isEqualityValue(value)) setPath(base, key, cloneValue(value));
        else if (!key.startsWith('$') && isPlainObject(value) && '$eq' in value) setPath(base, key, cloneValue(value.$eq));
      }
    };
    addEqualities(filter ?? {});
    return base;
  }

  private applyUpdate(current: Doc, update: Doc, inserting: boolean): Doc {
    const next = cloneValue(current);
    const { $setOnInsert, ...operators } = update as Doc & { $setOnInsert?: Doc };
    const modifier = cloneValue(operators);
    if (inserting && $setOnInsert) {
      modifier.$set = { ...(modifier.$set as Doc | undefined), ...cloneValue($setOnInsert) };
    }
    if (inserting && isPlainObject(modifier.$set) && '_id' in modifier.$set) {
      // An upsert may choose the new document's _id; mingo refuses to "modify" _id.
      const { _id, ...rest } = modifier.$set;
      next._id = _id;
      modifier.$set = rest;
      if (Object.keys(rest).length === 0) delete modifier.$set;
    }
    if (Object.keys(modifier).length > 0) {
      try {
        applyModifier(next, modifier as never, undefined, undefined, { cloneMode: 'deep' });
      } catch (error) {
        const message = (error as Error).message;
        if (/_id/.test(message)) {
          throw serverError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
        }
        throw serverError(9, `Failed to apply update: ${message}`);
      }
    }
    if (!inserting && keyOf(next._id) !== keyOf(current._id)) {
      throw serverError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    return next;
  }

  /** Checks every unique index for the whole batch first; applies nothing if one fails. */
  private commit(changes: { before: Doc | undefined; after: Doc | undefined }[]): void {
    if (changes.length === 0) return;
    const uniqueIndexes = [...this.indexDefinitions.values()].filter((index) => index.unique);
    const pendingIds = new Map<string, boolean>();
    for (const { before, after } of changes) {
      if (before) pendingIds.set(keyOf(before._id), false);
      if (!after) continue;
      const idKey = keyOf(after._id);
      if (!before && (this.docs.has(idKey) || pendingIds.get(idKey))) {
        throw this.duplicateKeyError({ name: '_id_', key: { _id: 1 } }, after);
      }
      pendingIds.set(idKey, true);
    }
    for (const index of uniqueIndexes) {
      const claimed = new Map<string, string>();
      const released = new Set<string>();
      for (const { before } of changes) {
        const entry = before && indexEntry(index, before);
        if (entry !== undefined) released.add(entry);
      }
      for (const { after } of changes) {
        const entry = after && indexEntry(index, after);
        if (!after || entry === undefined) continue;
        const holder = index.entries.get(entry);
        const idKey = keyOf(after._id);
        const takenByOther = (holder !== undefined && holder !== idKey && !released.has(entry)) || claimed.has(entry);
        if (takenByOther) throw this.duplicateKeyError(index, after);
        claimed.set(entry, idKey);
      }
    }
    for (const { before } of changes) {
      if (before) {
        this.docs.delete(keyOf(before._id));
        for (const index of uniqueIndexes) {
          const entry = indexEntry(index, before);
          if (entry !== undefined && index.entries.get(entry) === keyOf(before._id)) index.entries.delete(entry);
        }
      }
    }
    for (const { after } of changes) {
      if (!after) continue;
      this.docs.set(keyOf(after._id), after);
      for (const index of uniqueIndexes) {
        const entry = indexEntry(index, after);
        if (entry !== undefined) index.entries.set(entry, keyOf(after._id));
      }
    }
    this.persist([...this.docs.values()]);
  }

  private duplicateKeyError(index: Pick<IndexDefinition, 'name' | 'key'>, doc: Doc): MongoServerError {
    const keyValue: Doc = {};
    for (const field of Object.keys(index.key)) keyValue[field] = getPath(doc, field) ?? null;
    return serverError(
      11000,
      `E11000 duplicate key error collection: ${this.namespace} index: ${index.name} dup key: ${JSON.stringify(keyValue)}`,
      { keyPattern: index.key, keyValue },
    );
  }
}

export class EmbeddedCursor {
  private options: FindOptions = {};

  constructor(private readonly run: (options: FindOptions) => Doc[]) {}

  sort(sort: SortInput): this {
    this.options.sort = sort;
    return this;
  }

  skip(skip: number): this {
    this.options.skip = skip;
    return this;
  }

  limit(limit: number): this {
    this.options.limit = limit;
    return this;
  }

  project(projection: Projection): this {
    this.options.projection = projection;
    return this;
  }

  async toArray(): Promise<Doc[]> {
    const { sort, skip, limit, projection } = this.options;
    return this.run({
      ...(sort !== undefined ? { sort } : {}),
      ...(skip !== undefined ? { skip } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(projection !== undefined ? { projection } : {}),
    });
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Doc> {
    for (const doc of await this.toArray()) yield doc;
  }

  async close(): Promise<void> {}
}

function serverError(code: number, message: string, extra: Doc = {}): MongoServerError {
  return new MongoServerError({ message, errmsg: message, code, ...extra });
}

function assertOperatorUpdate(update: Doc): void {
  const keys = Object.keys(update ?? {});
  if (keys.length === 0 || keys.some((key) => !key.startsWith('$'))) {
    throw serverError(9, 'Update document requires atomic operators');
  }
  const unsupported = keys.find((key) => !UPDATE_OPERATORS.has(key));
  if (unsupported) throw serverError(9, `Unknown modifier: ${unsupported}`);
}

function isEqualityValue(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (value instanceof ObjectId || value instanceof Date) return true;
  if (Array.isArray(value)) return false;
  return isPlainObject(value) && !Object.keys(value).some((key) => key.startsWith('$'));
}

/** The key a document occupies in an index, or undefined when the index does not cover it. */
function indexEntry(index: IndexDefinition, doc: Doc): string | undefined {
  if (index.partial && !index.partial.test(doc)) return undefined;
  const values = Object.keys(index.key).map((field) => getPath(doc, field));
  if (index.sparse && values.every((value) => value === undefined)) return undefined;
  return values.map((value) => keyOf(value)).join('|');
}

function normalizeSort(sort: SortInput): SortSpec | undefined {
  if (!sort) return undefined;
  const entries = Array.isArray(sort) ? sort : Object.entries(sort);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

function compareBySpec(a: Doc, b: Doc, spec: SortSpec): number {
  for (const [field, direction] of Object.entries(spec)) {
    const order = compareValues(getPath(a, field), getPath(b, field));
    if (order !== 0) return order * direction;
  }
  return 0;
}

/** MongoDB's cross-type order (null < numbers < strings < objects < ObjectId < booleans < dates). */
const TYPE_RANK = (value: unknown): number => {
  if (value === undefined || value === null) return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (value instanceof ObjectId) return 7;
  if (typeof value === 'boolean') return 8;
  if (value instanceof Date) return 9;
  if (Array.isArray(value)) return 5;
  return 4;
};

function compareValues(a: unknown, b: unknown): number {
  const rankA = TYPE_RANK(a);
  const rankB = TYPE_RANK(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  if (a === undefined || a === null) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (a instanceof ObjectId && b instanceof ObjectId) return a.toHexString().localeCompare(b.toHexString());
  const keyA = keyOf(a);
  const keyB = keyOf(b);
  return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
}

function project(doc: Doc, projection: Projection | undefined): Doc {
  if (!projection || Object.keys(projection).length === 0) return doc;
  const entries = Object.entries(projection);
  const including = entries.some(([field, flag]) => field !== '_id' && Boolean(flag));
  if (including) {
    const result: Doc = {};
    if (projection._id === undefined || Boolean(projection._id)) result._id = doc._id;
    for (const [field, flag] of entries) {
      if (field === '_id' || !flag) continue;
      const value = getPath(doc, field);
      if (value !== undefined) setPath(result, field, value);
    }
    return result;
  }
  for (const [field, flag] of entries) {
    if (flag) continue;
    const parts = field.split('.');
    const parent = parts.length > 1 ? getPath(doc, parts.slice(0, -1).join('.')) : doc;
    if (isPlainObject(parent)) delete parent[parts[parts.length - 1] as string];
  }
  return doc;
}
