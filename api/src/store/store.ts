import type {
  AggregationCursor,
  CountDocumentsOptions,
  CreateIndexesOptions,
  DeleteResult,
  Document,
  Filter,
  FindCursor,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexSpecification,
  InsertManyResult,
  InsertOneResult,
  OptionalUnlessRequiredId,
  UpdateFilter,
  UpdateOptions,
  UpdateResult,
  WithId,
} from 'mongodb';

/**
 * The part of the MongoDB driver the API may use: exactly what the embedded store
 * (`store/embedded/`) implements and honours, written with the driver's own types. A real `Db`
 * satisfies `StoreDb` as it is (test/store-types.test.ts checks it at compile time), and so
 * does `EmbeddedDb`, which `implements` it; neither is cast. Calling a method or passing an
 * option outside this list (a session, a collation, an update pipeline, `$bit`…) does not
 * compile, instead of being silently ignored by one of the two backends.
 *
 * Each signature narrows the driver's: options are `Pick`s of the driver's option types, so a
 * real collection (which accepts more) is assignable to it.
 */

/** Update operators the store applies (mingo); an update pipeline (`Document[]`) is not supported. */
export type StoreUpdate<T extends Document> = Pick<
  UpdateFilter<T>,
  | '$set'
  | '$unset'
  | '$inc'
  | '$setOnInsert'
  | '$push'
  | '$pull'
  | '$addToSet'
  | '$min'
  | '$max'
  | '$mul'
  | '$rename'
  | '$currentDate'
  | '$pop'
  | '$pullAll'
>;

/** Ascending or descending by field names (the driver also takes strings, maps and `$meta`). */
export type StoreSort = Record<string, 1 | -1>;
export type StoreProjection = Record<string, 0 | 1 | boolean>;
export type StoreFindOptions = Pick<FindOptions, 'skip' | 'limit'> & { sort?: StoreSort; projection?: StoreProjection };
export type StoreCountOptions = Pick<CountDocumentsOptions, 'skip' | 'limit'>;
export type StoreUpdateOptions = Pick<UpdateOptions, 'upsert'>;
export type StoreUpdateOneOptions = Pick<UpdateOptions, 'upsert'> & { sort?: StoreSort };
export type StoreFindOneAndUpdateOptions = Pick<FindOneAndUpdateOptions, 'upsert' | 'returnDocument'> & {
  sort?: StoreSort;
  projection?: StoreProjection;
};
export type StoreFindOneAndDeleteOptions = { sort?: StoreSort; projection?: StoreProjection };
export type StoreIndexOptions = Pick<CreateIndexesOptions, 'unique' | 'name' | 'partialFilterExpression' | 'sparse'>;

/**
 * A find cursor: chainable sort/skip/limit, then `toArray` or `for await`. (Not a
 * `Pick<FindCursor>`: its chain methods return `this`, which a Pick would resolve to the whole
 * driver cursor.) The driver's `FindCursor` is assignable to it.
 */
export interface StoreCursor<T> extends Pick<FindCursor<T>, 'toArray' | 'close' | typeof Symbol.asyncIterator> {
  sort(sort: StoreSort): StoreCursor<T>;
  skip(value: number): StoreCursor<T>;
  limit(value: number): StoreCursor<T>;
}

/** An aggregation's result: only read whole. */
export type StoreAggregationCursor<T> = Pick<AggregationCursor<T>, 'toArray'>;

export interface StoreCollection<T extends Document = Document> {
  readonly collectionName: string;
  readonly namespace: string;
  insertOne(doc: OptionalUnlessRequiredId<T>): Promise<InsertOneResult<T>>;
  insertMany(docs: ReadonlyArray<OptionalUnlessRequiredId<T>>): Promise<InsertManyResult<T>>;
  findOne(filter: Filter<T>, options?: StoreFindOptions): Promise<WithId<T> | null>;
  find(filter: Filter<T>, options?: StoreFindOptions): StoreCursor<WithId<T>>;
  countDocuments(filter?: Filter<T>, options?: StoreCountOptions): Promise<number>;
  aggregate<R extends Document = Document>(pipeline: Document[]): StoreAggregationCursor<R>;
  updateOne(filter: Filter<T>, update: StoreUpdate<T>, options?: StoreUpdateOneOptions): Promise<UpdateResult<T>>;
  updateMany(filter: Filter<T>, update: StoreUpdate<T>, options?: StoreUpdateOptions): Promise<UpdateResult<T>>;
  findOneAndUpdate(filter: Filter<T>, update: StoreUpdate<T>, options?: StoreFindOneAndUpdateOptions): Promise<WithId<T> | null>;
  findOneAndDelete(filter: Filter<T>, options?: StoreFindOneAndDeleteOptions): Promise<WithId<T> | null>;
  deleteOne(filter?: Filter<T>): Promise<DeleteResult>;
  deleteMany(filter?: Filter<T>): Promise<DeleteResult>;
  createIndex(key: IndexSpecification, options?: StoreIndexOptions): Promise<string>;
  indexes(): Promise<Document[]>;
  drop(): Promise<boolean>;
}

export interface StoreDb {
  readonly databaseName: string;
  collection<T extends Document = Document>(name: string): StoreCollection<T>;
  /** Only `ping` (health checks). */
  command(command: { ping: 1 }): Promise<Document>;
  dropDatabase(): Promise<boolean>;
}
