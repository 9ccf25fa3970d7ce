// Longer than 400 lines on purpose: this is one class, the embedded store's Collection, and its
// methods share private state (documents, indexes, the journal, the batching of multi-document
// writes) that splitting across files would have to expose; each method is the driver call of
// the same name (store/store.ts lists them). The parts that stand alone already live apart:
// sorted-index.ts, persistence.ts, records.ts, documents.ts.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Aggregator, Query } from 'mingo';
import { updateMany as applyModifier } from 'mingo/updater';
import {
  MongoServerError,
  ObjectId,
  type DeleteResult,
  type Document,
  type Filter,
  type InsertManyResult,
  type IndexSpecification,
  type InsertOneResult,
  type OptionalUnlessRequiredId,
  type UpdateResult,
  type WithId,
} from 'mongodb';
import type {
  StoreCollection,
  StoreCountOptions,
  StoreCursor,
  StoreFindOneAndDeleteOptions,
  StoreFindOneAndUpdateOptions,
  StoreFindOptions,
  StoreIndexOptions,
  StoreSort,
  StoreUpdate,
  StoreUpdateOneOptions,
  StoreUpdateOptions,
} from '../store';
import { cloneValue, getPath, isPlainObject, keyOf, sameValue, setPath, valueOnPath, type Doc } from './documents';
import type { CollectionChange, CollectionFiles } from './persistence';
import { compareValues, idKeyOf, SortedIndex, type SortSpec } from './sorted-index';

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

interface Plan {
  /** Candidate documents; when `sorted`, already in the requested order. */
  docs: Iterable<Doc>;
  /** The index answered the whole filter: every candidate matches, no query engine needed. */
  exact: boolean;
  sorted: boolean;
  /** Candidates come in natural order (what an unsorted find returns). */
  natural: boolean;
  /** Number of candidates, when known without walking them. */
  size: number | undefined;
  /** The conditions the candidates have not been narrowed by, when all are simple (see residualOf). */
  residual: Condition[] | undefined;
}

interface Change {
  before: Doc | undefined;
  after: Doc | undefined;
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
 * Every method reads and changes memory synchronously (so each operation is atomic with
 * respect to every other, and a conditional findOneAndUpdate really is conditional); a write's
 * promise settles once its journal record is on disk (see persistence.ts).
 *
 * Indexes are kept sorted (sorted-index.ts) and used for equality filters on their leading
 * fields, for sorts that follow them, and for counts; a filter the index answers entirely
 * skips the query engine.
 */
export class EmbeddedCollection<TSchema extends Document = Document> implements StoreCollection<TSchema> {
  /** _id key → document, in natural order (last write last). Stored documents are never mutated. */
  private readonly docs = new Map<string, Doc>();
  private sequence = 0;
  private readonly indexDefinitions = new Map<string, SortedIndex>();

  constructor(
    readonly dbName: string,
    readonly collectionName: string,
    private readonly files?: CollectionFiles,
  ) {
    if (!files) return;
    const { docs, changes } = files.load();
    for (const doc of docs) this.store(doc);
    for (const change of changes) {
      for (const id of change.remove) this.docs.delete(keyOf(id));
      for (const doc of change.put) {
        this.docs.delete(idKeyOf(doc));
        this.store(doc);
      }
    }
    files.attach(() => [...this.docs.values()]);
  }

  get namespace(): string {
    return `${this.dbName}.${this.collectionName}`;
  }

  // The store is schemaless: documents go in and come out as `Doc`, and each public method
  // states the schema the caller asked for (the driver's `Collection<T>` makes the same claim).

  async insertOne(input: OptionalUnlessRequiredId<TSchema>): Promise<InsertOneResult<TSchema>> {
    const doc = input as Doc;
    if (doc._id === undefined) doc._id = new ObjectId();
    const stored = cloneValue(doc);
    await this.commit([{ before: undefined, after: stored }]);
    return { acknowledged: true, insertedId: stored._id as InsertOneResult<TSchema>['insertedId'] };
  }

  async insertMany(input: ReadonlyArray<OptionalUnlessRequiredId<TSchema>>): Promise<InsertManyResult<TSchema>> {
    const changes = (input as readonly Doc[]).map((doc) => {
      if (doc._id === undefined) doc._id = new ObjectId();
      return { before: undefined, after: cloneValue(doc) };
    });
    await this.commit(changes);
    const insertedIds: InsertManyResult<TSchema>['insertedIds'] = {};
    changes.forEach((change, index) => (insertedIds[index] = change.after._id as InsertManyResult<TSchema>['insertedIds'][number]));
    return { acknowledged: true, insertedCount: changes.length, insertedIds };
  }

  async findOne(filter: Filter<TSchema> = {}, options: StoreFindOptions = {}): Promise<WithId<TSchema> | null> {
    const direct = options.sort === undefined && !options.skip ? this.byUniqueKey(filter as Doc) : NO_SHORTCUT;
    if (direct !== NO_SHORTCUT) return (direct ? projectedCopy(direct, options.projection) : null) as WithId<TSchema> | null;
    const [first] = this.select(filter as Doc, { ...(options as FindOptions), limit: 1 });
    return (first ?? null) as WithId<TSchema> | null;
  }

  find(filter: Filter<TSchema> = {}, options: StoreFindOptions = {}): EmbeddedCursor<WithId<TSchema>> {
    return new EmbeddedCursor<WithId<TSchema>>(
      (cursorOptions) => this.select(filter as Doc, { ...(options as FindOptions), ...cursorOptions }) as WithId<TSchema>[],
    );
  }

  async countDocuments(filter: Filter<TSchema> = {}, options: StoreCountOptions = {}): Promise<number> {
    const query = (filter ?? {}) as Doc;
    const skip = options.skip ?? 0;
    const limit = options.limit && options.limit > 0 ? options.limit : Infinity;
    const plan = this.plan(query, undefined);
    if (plan.exact && plan.size !== undefined) return Math.max(0, Math.min(plan.size - skip, limit));
    const test = plan.exact ? undefined : matcher(query, plan.residual);
    let count = 0;
    for (const doc of plan.docs) {
      if (test && !test(doc)) continue;
      count += 1;
      if (count >= skip + limit) break;
    }
    return Math.max(0, Math.min(count - skip, limit));
  }

  aggregate<R extends Document = Document>(pipeline: Document[]): EmbeddedCursor<R> {
    return new EmbeddedCursor<R>(() => {
      const result = new Aggregator(pipeline).run([...this.docs.values()].map((doc) => cloneValue(doc)));
      return result as R[];
    });
  }

  async updateOne(filter: Filter<TSchema>, update: StoreUpdate<TSchema>, options: StoreUpdateOneOptions = {}): Promise<UpdateResult<TSchema>> {
    const result = this.updateFirst(filter as Doc, update as Doc, options as UpdateOptions);
    await result.written;
    return {
      acknowledged: true,
      matchedCount: result.before ? 1 : 0,
      modifiedCount: result.modified ? 1 : 0,
      upsertedCount: result.upserted ? 1 : 0,
      upsertedId: (result.upserted ? (result.after?._id ?? null) : null) as UpdateResult<TSchema>['upsertedId'],
    };
  }

  /**
   * Like MongoDB, a multi-document update is atomic per document, not as a whole: matches are
   * updated in slices with the event loop free between them (so a large one never holds every
   * other request), and a document changed meanwhile is re-tested as it is now.
   */
  async updateMany(filter: Filter<TSchema>, update: StoreUpdate<TSchema>, options: StoreUpdateOptions = {}): Promise<UpdateResult<TSchema>> {
    assertOperatorUpdate(update as Doc);
    let modifiedCount = 0;
    const matchedCount = await this.inSlices(filter as Doc, (slice) => {
      const afters = this.applyUpdates(slice, update as Doc, false);
      const changes = slice.map((before, i) => ({ before, after: afters[i]! })).filter((change) => !sameValue(change.before, change.after));
      modifiedCount += changes.length;
      return this.commit(changes);
    });
    if (matchedCount === 0 && options.upsert) {
      const result = this.updateFirst(filter as Doc, update as Doc, options);
      await result.written;
      const upsertedId = (result.after?._id ?? null) as UpdateResult<TSchema>['upsertedId'];
      return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: result.upserted ? 1 : 0, upsertedId };
    }
    return { acknowledged: true, matchedCount, modifiedCount, upsertedCount: 0, upsertedId: null };
  }

  async findOneAndUpdate(
    filter: Filter<TSchema>,
    update: StoreUpdate<TSchema>,
    options: StoreFindOneAndUpdateOptions = {},
  ): Promise<WithId<TSchema> | null> {
    const result = this.updateFirst(filter as Doc, update as Doc, options as UpdateOptions);
    await result.written;
    const chosen = options.returnDocument === 'after' ? result.after : result.before;
    return (chosen ? project(cloneValue(chosen), options.projection as Projection | undefined) : null) as WithId<TSchema> | null;
  }

  async findOneAndDelete(filter: Filter<TSchema>, options: StoreFindOneAndDeleteOptions = {}): Promise<WithId<TSchema> | null> {
    const [target] = this.matching(filter as Doc, options.sort as SortInput, 1);
    if (!target) return null;
    await this.commit([{ before: target, after: undefined }]);
    return project(cloneValue(target), options.projection as Projection | undefined) as WithId<TSchema>;
  }

  async deleteOne(filter: Filter<TSchema> = {}): Promise<DeleteResult> {
    const [target] = this.matching(filter as Doc, undefined, 1);
    if (target) await this.commit([{ before: target, after: undefined }]);
    return { acknowledged: true, deletedCount: target ? 1 : 0 };
  }

  /** In slices, like updateMany: the event loop runs between them. */
  async deleteMany(filter: Filter<TSchema> = {}): Promise<DeleteResult> {
    const deletedCount = await this.inSlices(filter as Doc, (slice) => this.commit(slice.map((before) => ({ before, after: undefined }))));
    return { acknowledged: true, deletedCount };
  }

  async createIndex(keySpec: IndexSpecification, options: StoreIndexOptions = {}): Promise<string> {
    const key = indexKey(keySpec);
    const name = options.name ?? Object.entries(key).map(([field, direction]) => `${field}_${direction}`).join('_');
    const existing = this.indexDefinitions.get(name);
    if (existing) {
      if (JSON.stringify(existing.key) !== JSON.stringify(key) || Boolean(existing.unique) !== Boolean(options.unique)) {
        throw serverError(86, `An existing index has the same name as the requested index: ${name}`);
      }
      return name;
    }
    const index = new SortedIndex(
      name,
      { ...key },
      Boolean(options.unique),
      Boolean(options.sparse),
      options.partialFilterExpression ? new Query(options.partialFilterExpression) : undefined,
      options.partialFilterExpression,
    );
    const duplicate = index.unique ? index.buildKeys(this.docs.values()) : undefined;
    if (duplicate) throw this.duplicateKeyError(index, duplicate);
    this.indexDefinitions.set(name, index);
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
        ...(index.sparse ? { sparse: true } : {}),
        ...(index.partialFilterExpression ? { partialFilterExpression: index.partialFilterExpression } : {}),
      })),
    ];
  }

  async drop(): Promise<boolean> {
    await this.deleteMany({});
    this.indexDefinitions.clear();
    return true;
  }

  /** Writes a fresh snapshot now (tests and the store bench); it also happens by itself as the journal grows. */
  async compact(): Promise<void> {
    await this.files?.compact();
  }

  async close(): Promise<void> {
    await this.files?.close();
  }

  // ---- internals (all synchronous but the journal append) ----

  /**
   * The hot read (the profile by providerId on every request, a document by _id): a filter that
   * is one equality on _id or on the field of a single-field unique index is answered from the
   * key map, without planning or the result array `select` builds. The stored document (not a
   * copy: callers clone it), undefined when none holds the key, NO_SHORTCUT for any other filter.
   * Same answer as `plan` gives for these filters (an exact whole-unique-key plan).
   */
  private byUniqueKey(filter: Doc): Doc | undefined | typeof NO_SHORTCUT {
    let field: string | undefined;
    for (const key in filter) {
      if (field !== undefined) return NO_SHORTCUT;
      field = key;
    }
    if (field === undefined) return NO_SHORTCUT;
    const value = equalityValue(filter[field]);
    if (value === NOT_EQUALITY) return NO_SHORTCUT;
    if (field === '_id') return this.docs.get(keyOf(value));
    for (const index of this.indexDefinitions.values()) {
      if (!index.unique || index.fields.length !== 1 || index.fields[0] !== field || !index.plannable) continue;
      const idKey = index.unique.get(`${keyOf(value)}|`);
      return idKey === undefined ? undefined : this.docs.get(idKey);
    }
    return NO_SHORTCUT;
  }

  private select(filter: Doc, options: FindOptions): Doc[] {
    const limit = options.limit && options.limit > 0 ? options.limit : undefined;
    const skip = options.skip ?? 0;
    let docs = this.matching(filter, options.sort, limit === undefined ? undefined : skip + limit);
    docs = docs.slice(skip, limit === undefined ? undefined : skip + limit);
    return docs.map((doc) => projectedCopy(doc, options.projection));
  }

  /** Stored (not cloned) documents matching the filter, sorted; callers must not mutate them. */
  private matching(filter: Doc, sort?: SortInput, max?: number): Doc[] {
    const spec = normalizeSort(sort);
    const plan = this.plan(filter ?? {}, spec);
    const test = plan.exact ? undefined : matcher(filter ?? {}, plan.residual);
    const inOrder = spec ? plan.sorted : plan.natural;
    const result: Doc[] = [];
    for (const doc of plan.docs) {
      if (test && !test(doc)) continue;
      result.push(doc);
      if (inOrder && max !== undefined && result.length >= max) break;
    }
    if (inOrder) return result;
    // Ties (and unsorted results) keep natural order, as before indexes were used.
    const sorted = result.sort((a, b) => (spec ? compareBySpec(a, b, spec) : 0) || naturalOrder(a) - naturalOrder(b));
    return max === undefined ? sorted : sorted.slice(0, max);
  }

  /**
   * Picks where candidates come from: _id, the unique index a full equality names, or the index
   * with the longest equality prefix (preferring one whose order serves the sort); otherwise
   * every document in natural order.
   */
  private plan(filter: Doc, spec: SortSpec | undefined): Plan {
    const keys = Object.keys(filter);
    if (keys.length === 0 && !spec) return { docs: this.docs.values(), exact: true, sorted: false, natural: true, size: this.docs.size, residual: [] };
    if ('_id' in filter) {
      const id = equalityValue(filter._id);
      if (id !== NOT_EQUALITY) {
        const doc = this.docs.get(keyOf(id));
        const docs = doc ? [doc] : [];
        return { docs, exact: keys.length === 1, sorted: true, natural: true, size: docs.length, residual: residualOf(filter, ['_id']) };
      }
      const ids = idsIn(filter._id);
      if (ids) {
        // A page's ids (`{ _id: { $in } }`): a lookup each, then natural order, not a scan of the collection.
        const docs: Doc[] = [];
        for (const key of ids) {
          const doc = this.docs.get(key);
          if (doc) docs.push(doc);
        }
        return { docs, exact: keys.length === 1, sorted: false, natural: false, size: docs.length, residual: residualOf(filter, ['_id']) };
      }
    }
    let best: { index: SortedIndex; values: unknown[]; direction: 0 | 1 | -1; cost: number } | undefined;
    for (const index of this.indexDefinitions.values()) {
      if (!index.plannable) continue;
      const values: unknown[] = [];
      for (const field of index.fields) {
        if (!(field in filter)) break;
        const value = equalityValue(filter[field]);
        if (value === NOT_EQUALITY) break;
        values.push(value);
      }
      const direction = spec ? sortDirection(index, values.length, spec) : 0;
      if (values.length === 0 && direction === 0) continue;
      const wholeUniqueKey = index.unique !== undefined && values.length === index.fields.length;
      if (!wholeUniqueKey && !index.sorted) {
        index.ensureSorted(this.docs.values());
        if (!index.plannable) continue;
      }
      // Cost: the entries to walk; a range that does not come sorted must also be sorted,
      // and one that does can stop early. A whole unique key is one document.
      const size = wholeUniqueKey ? 0 : index.rangeSize(values);
      const cost = spec ? (direction !== 0 ? size / 2 : size * 2) : size;
      if (!best || cost < best.cost) best = { index, values, direction, cost };
    }
    if (!best) return { docs: this.docs.values(), exact: keys.length === 0, sorted: false, natural: true, size: keys.length === 0 ? this.docs.size : undefined, residual: residualOf(filter, []) };

    const { index, values, direction } = best;
    const exact = keys.length === values.length;
    const residual = residualOf(filter, index.fields.slice(0, values.length));
    if (index.unique && values.length === index.fields.length) {
      const idKey = index.unique.get(values.map((value) => `${keyOf(value)}|`).join(''));
      const doc = idKey === undefined ? undefined : this.docs.get(idKey);
      const docs = doc ? [doc] : [];
      return { docs, exact, sorted: true, natural: true, size: docs.length, residual };
    }
    const range = index.equalRange(values, direction === -1 ? -1 : 1);
    return { docs: range.docs, exact, sorted: direction !== 0, natural: false, size: range.size, residual };
  }

  /**
   * Hands the stored documents matching the filter to `write` in batches of WRITE_BATCH, and
   * lets the event loop run whenever SLICE_MS have passed or SLICE_DOCS documents were visited
   * since it last did; returns how many matched. The candidates are a list of references taken
   * at the start (a write re-inserts its documents at the end of the natural order, so walking
   * the live map could visit one twice); one that changed since is re-tested as it is now, one
   * that is gone is skipped. The batches' journal appends are awaited at the end.
   */
  private async inSlices(filter: Doc, write: (batch: Doc[]) => Promise<void>): Promise<number> {
    const query = filter ?? {};
    const plan = this.plan(query, undefined);
    const test = plan.exact ? undefined : matcher(query, plan.residual);
    let fullTest: ((doc: Doc) => boolean) | undefined;
    const candidates = Array.from(plan.docs);
    // Written in natural order, so the documents keep their relative order (as a single batch did).
    if (!plan.natural) candidates.sort((a, b) => naturalOrder(a) - naturalOrder(b));
    const written: Promise<void>[] = [];
    let matched = 0;
    let batch: Doc[] = [];
    let sliceStart = performance.now();
    let sliceDocs = 0;
    const flush = () => {
      if (batch.length === 0) return;
      matched += batch.length;
      const pending = batch;
      batch = [];
      written.push(write(pending));
    };
    try {
      for (const candidate of candidates) {
        if (sliceDocs >= SLICE_DOCS || (sliceDocs % 32 === 0 && performance.now() - sliceStart > SLICE_MS)) {
          flush();
          await nextTurn();
          sliceStart = performance.now();
          sliceDocs = 0;
        }
        sliceDocs += 1;
        const current = this.docs.get(idKeyOf(candidate));
        if (!current) continue;
        if (current === candidate ? test && !test(current) : !(fullTest ??= matcher(query, residualOf(query, [])))(current)) continue;
        batch.push(current);
        if (batch.length >= WRITE_BATCH) flush();
      }
      flush();
    } catch (error) {
      await Promise.allSettled(written);
      throw error;
    }
    await Promise.all(written);
    return matched;
  }

  private updateFirst(filter: Doc, update: Doc, options: UpdateOptions) {
    assertOperatorUpdate(update);
    const [before] = this.matching(filter, options.sort, 1);
    if (before) {
      const after = this.applyUpdate(before, update, false);
      const modified = !sameValue(before, after);
      const written = modified ? this.commit([{ before, after }]) : undefined;
      return { before: cloneValue(before), after: modified ? after : cloneValue(before), modified, upserted: false, written };
    }
    if (!options.upsert) return { before: undefined, after: undefined, modified: false, upserted: false, written: undefined };
    const after = this.applyUpdate(this.upsertBase(filter), update, true);
    if (after._id === undefined) after._id = new ObjectId();
    const written = this.commit([{ before: undefined, after }]);
    return { before: undefined, after, modified: false, upserted: true, written };
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
    return this.applyUpdates([current], update, inserting)[0]!;
  }

  /**
   * The updated copies of `currents` (stored documents are never mutated). One call of mingo's
   * updater for the whole list: its set-up costs more than applying a modifier to one document.
   */
  private applyUpdates(currents: Doc[], update: Doc, inserting: boolean): Doc[] {
    const nexts = currents.map((current) => cloneValue(current));
    const { $setOnInsert, ...operators } = update as Doc & { $setOnInsert?: Doc };
    const modifier = cloneValue(operators);
    if (inserting && $setOnInsert) {
      modifier.$set = { ...(modifier.$set as Doc | undefined), ...cloneValue($setOnInsert) };
    }
    if (inserting && isPlainObject(modifier.$set) && '_id' in modifier.$set) {
      // An upsert may choose the new document's _id; mingo refuses to "modify" _id.
      const { _id, ...rest } = modifier.$set;
      for (const next of nexts) next._id = _id;
      modifier.$set = rest;
      if (Object.keys(rest).length === 0) delete modifier.$set;
    }
    if (Object.keys(modifier).length > 0) {
      try {
        applyModifier(nexts, {}, modifier as never, { cloneMode: 'deep' });
      } catch (error) {
        const message = (error as Error).message;
        if (/_id/.test(message)) {
          throw serverError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
        }
        throw serverError(9, `Failed to apply update: ${message}`);
      }
    }
    if (!inserting) {
      currents.forEach((current, i) => {
        if (keyOf(nexts[i]!._id) !== keyOf(current._id)) {
          throw serverError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
        }
      });
    }
    return nexts;
  }

  /**
   * Checks every unique index for the whole batch first and applies nothing if one fails
   * (throwing synchronously); otherwise applies the batch to memory and the indexes at once and
   * returns the journal append, which resolves when the batch is durable.
   */
  private commit(changes: Change[]): Promise<void> {
    if (changes.length === 0) return Promise.resolve();
    const uniqueIndexes = [...this.indexDefinitions.values()].filter((index) => index.unique);
    const pendingIds = new Map<string, boolean>();
    for (const { before, after } of changes) {
      if (before) pendingIds.set(idKeyOf(before), false);
      if (!after) continue;
      const idKey = idKeyOf(after);
      if (!before && (this.docs.has(idKey) || pendingIds.get(idKey))) {
        throw this.duplicateKeyError({ name: '_id_', key: { _id: 1 } }, after);
      }
      pendingIds.set(idKey, true);
    }
    for (const index of uniqueIndexes) {
      const claimed = new Map<string, string>();
      const released = new Set<string>();
      for (const { before } of changes) {
        if (before && index.covers(before)) released.add(index.uniqueKey(before));
      }
      for (const { after } of changes) {
        if (!after || !index.covers(after)) continue;
        const unique = index.uniqueKey(after);
        const idKey = idKeyOf(after);
        const holder = index.unique!.get(unique);
        const takenByOther = (holder !== undefined && holder !== idKey && !released.has(unique)) || claimed.has(unique);
        if (takenByOther) throw this.duplicateKeyError(index, after);
        claimed.set(unique, idKey);
      }
    }
    const indexes = [...this.indexDefinitions.values()].filter((index) => index.maintained);
    const journal: CollectionChange = { put: [], remove: [] };
    for (const { before, after } of changes) {
      if (!before) continue;
      const idKey = idKeyOf(before);
      this.docs.delete(idKey);
      if (after) continue;
      for (const index of indexes) {
        const entry = index.entryFor(before);
        if (entry) index.remove(entry, idKey);
      }
      journal.remove.push(before._id);
    }
    for (const { before, after } of changes) {
      if (!after) continue;
      const idKey = this.store(after);
      for (const index of indexes) {
        const entry = index.entryFor(after);
        const previous = before ? index.entryFor(before) : undefined;
        if (entry && previous) index.replace(previous, entry, idKey);
        else if (previous) index.remove(previous, idKey);
        else if (entry) index.add(entry, idKey);
      }
      journal.put.push(after);
    }
    return this.files ? this.files.append(journal) : Promise.resolve();
  }

  private store(doc: Doc): string {
    const idKey = idKeyOf(doc);
    this.docs.set(idKey, doc);
    (doc as Sequenced)[NATURAL_ORDER] = this.sequence += 1;
    return idKey;
  }

  private duplicateKeyError(index: Pick<SortedIndex, 'name' | 'key'>, doc: Doc): MongoServerError {
    const keyValue: Doc = {};
    for (const field of Object.keys(index.key)) keyValue[field] = getPath(doc, field) ?? null;
    return serverError(
      11000,
      `E11000 duplicate key error collection: ${this.namespace} index: ${index.name} dup key: ${JSON.stringify(keyValue)}`,
      { keyPattern: index.key, keyValue },
    );
  }
}

/** A find or aggregation cursor: runs its query when read, with the chained sort/skip/limit. */
export class EmbeddedCursor<T> implements StoreCursor<T> {
  private options: FindOptions = {};

  constructor(private readonly run: (options: FindOptions) => T[]) {}

  sort(sort: StoreSort): this {
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

  async toArray(): Promise<T[]> {
    const { sort, skip, limit } = this.options;
    return this.run({
      ...(sort !== undefined ? { sort } : {}),
      ...(skip !== undefined ? { skip } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, void> {
    for (const doc of await this.toArray()) yield doc;
  }

  async close(): Promise<void> {}
}

/** `{ field: 1 }` from what createIndex accepts (the API only declares key objects). */
function indexKey(spec: IndexSpecification): SortSpec {
  if (!isPlainObject(spec)) throw serverError(67, 'o armazenamento embutido só aceita índices declarados como { campo: 1 | -1 }');
  const key: SortSpec = {};
  for (const [field, direction] of Object.entries(spec)) {
    if (direction !== 1 && direction !== -1) throw serverError(67, `tipo de índice não suportado pelo armazenamento embutido: ${field}: ${String(direction)}`);
    key[field] = direction;
  }
  return key;
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

const NOT_EQUALITY = Symbol('not an equality');
/** byUniqueKey: the filter is not one equality on a unique key (plan it). */
const NO_SHORTCUT = Symbol('no unique-key shortcut');

/**
 * A multi-document write (updateMany, deleteMany) holds the event loop for at most about
 * SLICE_MS, or SLICE_DOCS documents, at a time; it changes WRITE_BATCH documents per step
 * (one set-up of mingo's updater and one journal record for each).
 */
const SLICE_MS = 4;
const SLICE_DOCS = 1024;
const WRITE_BATCH = 64;

/**
 * Natural order of a stored document (for candidates that come from an index), kept on the
 * document under a symbol: copies, the journal and the query engine only see string keys.
 */
const NATURAL_ORDER = Symbol('natural order');
type Sequenced = Doc & { [NATURAL_ORDER]?: number };

function naturalOrder(doc: Doc): number {
  return (doc as Sequenced)[NATURAL_ORDER] ?? 0;
}

/** A condition the store checks without the query engine: field equality, a regex on a field, or `$or` of those. */
type RangeOperator = '$lt' | '$lte' | '$gt' | '$gte';
type Condition =
  | { parts: string[]; equals: unknown }
  | { parts: string[]; regex: RegExp }
  | { parts: string[]; range: [RangeOperator, number | Date | ObjectId][] }
  | { parts: string[]; in: Set<string> }
  | { or: Condition[] };

const RANGE_OPERATORS = new Set(['$lt', '$lte', '$gt', '$gte']);

/**
 * A bound a range compares directly: a number, Date or ObjectId (MongoDB compares only within a
 * type, which compareValues' type ranks give). Strings are left to the engine (MongoDB orders
 * them by UTF-8 bytes, JavaScript by UTF-16 units).
 */
function rangeBound(value: unknown): number | Date | ObjectId | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  return value instanceof Date || value instanceof ObjectId ? value : undefined;
}

/**
 * `{ $gte: a, $lt: b }` (number, Date or ObjectId bounds) and `{ $in: [scalars, ObjectIds, Dates] }`:
 * checked here rather than by mingo, whose query is compiled anew on every call (the published
 * catalogue filter `publishedAt: { $lte: now }`, a page's ids in `$in`).
 */
function operatorCondition(parts: string[], condition: Doc): Condition | undefined {
  const entries = Object.entries(condition);
  if (entries.length === 1 && entries[0]![0] === '$in') {
    const values = entries[0]![1];
    if (!Array.isArray(values)) return undefined;
    const keys = new Set<string>();
    for (const value of values) {
      if (equalityValue(value) === NOT_EQUALITY && value !== null) return undefined;
      keys.add(keyOf(value));
    }
    return { parts, in: keys };
  }
  const range: [RangeOperator, number | Date | ObjectId][] = [];
  for (const [operator, value] of entries) {
    const bound = RANGE_OPERATORS.has(operator) ? rangeBound(value) : undefined;
    if (bound === undefined) return undefined;
    range.push([operator as RangeOperator, bound]);
  }
  return range.length > 0 ? { parts, range } : undefined;
}

function simpleCondition(field: string, condition: unknown): Condition | undefined {
  if (field.startsWith('$')) return undefined;
  const parts = field.split('.');
  if (condition instanceof RegExp) return condition.global || condition.sticky ? undefined : { parts, regex: condition };
  const value = equalityValue(condition);
  if (value !== NOT_EQUALITY) return { parts, equals: value };
  return isPlainObject(condition) ? operatorCondition(parts, condition) : undefined;
}

function inRange(actual: unknown, range: [RangeOperator, number | Date | ObjectId][]): boolean {
  for (const [operator, bound] of range) {
    // Another type (a missing field, null, text) never matches a bound, as in MongoDB.
    const sameType = bound instanceof Date ? actual instanceof Date : bound instanceof ObjectId ? actual instanceof ObjectId : typeof actual === 'number';
    if (!sameType) return false;
    const order = compareValues(actual, bound);
    if (operator === '$lt' ? order >= 0 : operator === '$lte' ? order > 0 : operator === '$gt' ? order <= 0 : order < 0) return false;
  }
  return true;
}

/** The conditions an index did not answer, when every one is simple (else undefined: the query engine decides). */
function residualOf(filter: Doc, answered: string[]): Condition[] | undefined {
  const residual: Condition[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (answered.includes(field)) continue;
    if (field === '$and' && Array.isArray(condition) && condition.length > 0) {
      // Every branch must hold: its conditions join the others (the banners' time window).
      for (const branch of condition) {
        const conditions = isPlainObject(branch) ? residualOf(branch, []) : undefined;
        if (!conditions) return undefined;
        residual.push(...conditions);
      }
      continue;
    }
    if (field === '$or' && Array.isArray(condition) && condition.length > 0) {
      const branches: Condition[] = [];
      for (const branch of condition) {
        const entries = isPlainObject(branch) ? Object.entries(branch) : [];
        const simple = entries.length === 1 ? simpleCondition(entries[0]![0], entries[0]![1]) : undefined;
        if (!simple) return undefined;
        branches.push(simple);
      }
      residual.push({ or: branches });
      continue;
    }
    const simple = simpleCondition(field, condition);
    if (!simple) return undefined;
    residual.push(simple);
  }
  return residual;
}

const ASK_ENGINE = Symbol('ask the query engine');

/** true / false, or ASK_ENGINE when the document holds an array on the path (MongoDB matches elements). */
function check(doc: Doc, condition: Condition): boolean | typeof ASK_ENGINE {
  if ('or' in condition) {
    let unsure = false;
    for (const branch of condition.or) {
      const result = check(doc, branch);
      if (result === true) return true;
      if (result === ASK_ENGINE) unsure = true;
    }
    return unsure ? ASK_ENGINE : false;
  }
  const actual = valueOnPath(doc, condition.parts);
  if (Array.isArray(actual)) return ASK_ENGINE;
  if ('regex' in condition) return typeof actual === 'string' && condition.regex.test(actual);
  if ('range' in condition) return typeof actual === 'number' && Number.isNaN(actual) ? ASK_ENGINE : inRange(actual, condition.range);
  // A document (not a scalar) on the path: the engine compares it.
  if ('in' in condition) return isPlainObject(actual) ? ASK_ENGINE : condition.in.has(keyOf(actual));
  return compareValues(actual, condition.equals) === 0;
}

/**
 * A document test for the filter: simple conditions are checked directly (the query engine is
 * only asked about a document whose field holds an array); anything else goes to mingo.
 */
function matcher(filter: Doc, residual: Condition[] | undefined): (doc: Doc) => boolean {
  let query: Query | undefined;
  const engine = (doc: Doc) => (query ??= new Query(filter)).test(doc);
  if (!residual) return engine;
  return (doc) => {
    for (const condition of residual) {
      const result = check(doc, condition);
      if (result === ASK_ENGINE) return engine(doc);
      if (!result) return false;
    }
    return true;
  };
}

/** `{ $in: [ids] }` of scalars, ObjectIds or Dates: their distinct keys; anything else undefined. */
function idsIn(condition: unknown): Set<string> | undefined {
  if (!isPlainObject(condition) || Object.keys(condition).length !== 1 || !Array.isArray(condition.$in)) return undefined;
  const keys = new Set<string>();
  for (const value of condition.$in as unknown[]) {
    if (value === null || equalityValue(value) === NOT_EQUALITY) return undefined;
    keys.add(keyOf(value));
  }
  return keys;
}

/** The value an index can look up for a filter condition: a scalar, ObjectId or Date, or `{ $eq: … }` of one. */
function equalityValue(condition: unknown): unknown {
  if (condition === null || typeof condition !== 'object') return condition === undefined ? NOT_EQUALITY : condition;
  if (condition instanceof ObjectId || condition instanceof Date) return condition;
  if (isPlainObject(condition) && Object.keys(condition).length === 1 && '$eq' in condition) {
    const value = condition.$eq;
    if (value === null || (typeof value !== 'object' && value !== undefined) || value instanceof ObjectId || value instanceof Date) return value;
  }
  return NOT_EQUALITY;
}

/**
 * Whether walking the index's equality range gives the sort: the sort must name every index
 * field after the equality prefix (same or all-opposite directions) and end with _id, whose
 * order inside the index follows the last field. 1 = forward, -1 = backward, 0 = cannot.
 */
function sortDirection(index: SortedIndex, equalities: number, spec: SortSpec): 0 | 1 | -1 {
  const fields = Object.keys(spec).filter((field) => index.fields.indexOf(field) < 0 || index.fields.indexOf(field) >= equalities);
  if (fields[fields.length - 1] !== '_id') return 0;
  const rest = index.fields.slice(equalities);
  if (fields.length - 1 !== rest.length) return 0;
  const lastDirection = index.directions[index.directions.length - 1]!;
  const way = spec._id === lastDirection ? 1 : -1;
  for (let i = 0; i < rest.length; i += 1) {
    if (fields[i] !== rest[i] || spec[rest[i]!] !== way * index.directions[equalities + i]!) return 0;
  }
  return way;
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

/**
 * A copy of a stored document as the projection shapes it, without copying what it leaves out
 * (the catalogue's lists leave out each item's folded search text, the largest field it has).
 */
function projectedCopy(doc: Doc, projection: Projection | undefined): Doc {
  if (!projection) return cloneValue(doc);
  const entries = Object.entries(projection);
  if (entries.length === 0) return cloneValue(doc);
  const including = entries.some(([field, flag]) => field !== '_id' && Boolean(flag));
  // An inclusion only reads the stored document: copy what it picked.
  if (including) return cloneValue(project(doc, projection));
  if (entries.some(([field]) => field.includes('.'))) return project(cloneValue(doc), projection);
  const copy: Doc = {};
  for (const key in doc) {
    const flag = projection[key];
    if (flag !== undefined && !flag) continue;
    const value = doc[key];
    if (value !== undefined) copy[key] = cloneValue(value);
  }
  return copy;
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
