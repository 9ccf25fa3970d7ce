import { MongoClient, ObjectId, type Collection, type Document, type FindCursor } from 'mongodb';
import { EmbeddedClient } from '../src/store/embedded/embedded-client';
import type { StoreCollection, StoreCursor, StoreDb } from '../src/store/store';

/**
 * `StoreDb` is the part of the driver the embedded store implements. Most of this file is
 * checked by the typecheck step (`node scripts/typecheck.mjs`): a real driver `Db` is
 * assignable to it with no cast, and what the embedded store would not honour does not compile
 * (each `@ts-expect-error` fails the typecheck if the line ever compiles).
 */

interface Thing {
  _id: ObjectId;
  name: string;
  tags: string[];
  count: number;
}

// A real driver Db, collection and cursor are StoreDb, StoreCollection and StoreCursor as they are.
const realClient = new MongoClient('mongodb://127.0.0.1:1', { serverSelectionTimeoutMS: 1 });
const realDb: StoreDb = realClient.db('clube');
export function realCollection<T extends Document>(collection: Collection<T>): StoreCollection<T> {
  return collection;
}
export function realCursor<T>(cursor: FindCursor<T>): StoreCursor<T> {
  return cursor;
}

function unsupportedCalls(db: StoreDb): void {
  const things = db.collection<Thing>('things');
  // @ts-expect-error the store has no bulkWrite
  void things.bulkWrite([]);
  // @ts-expect-error nor watch (change streams)
  void things.watch();
  // @ts-expect-error nor findOneAndReplace
  void things.findOneAndReplace({}, { name: 'a', tags: [], count: 0 });
  // @ts-expect-error nor sessions (no transactions)
  void things.findOne({}, { session: realClient.startSession() });
  // @ts-expect-error nor collations
  void things.find({ name: 'a' }, { collation: { locale: 'pt' } });
  // @ts-expect-error nor update pipelines
  void things.updateOne({}, [{ $set: { count: 1 } }]);
  // @ts-expect-error nor $bit
  void things.updateOne({}, { $bit: { count: { and: 1 } } });
  // @ts-expect-error nor arrayFilters
  void things.updateMany({}, { $set: { 'tags.$[t]': 'x' } }, { arrayFilters: [{ t: 'a' }] });
  // @ts-expect-error nor 'asc' / 'desc' sort strings
  void things.find({}).sort({ name: 'asc' });
  // @ts-expect-error nor cursor.map (read with toArray or for await)
  void things.find({}).map((thing) => thing.name);
  // @ts-expect-error nor commands other than ping
  void db.command({ listCollections: 1 });
  // @ts-expect-error nor db-level aggregate
  void db.aggregate([]);
}
void unsupportedCalls;

describe('Store types', () => {
  test('When the embedded store is used through StoreDb, then supported calls run and return the driver’s shapes', async () => {
    const db: StoreDb = new EmbeddedClient().db('clube');
    const things = db.collection<Thing>('things');
    const { insertedId } = await things.insertOne({ _id: new ObjectId(), name: 'a', tags: ['x'], count: 1 });
    const updated = await things.findOneAndUpdate({ _id: insertedId }, { $inc: { count: 1 }, $push: { tags: 'y' } }, { returnDocument: 'after' });
    expect(updated).toEqual({ _id: insertedId, name: 'a', tags: ['x', 'y'], count: 2 });
    expect(await things.find({ name: 'a' }).sort({ count: -1 }).limit(1).toArray()).toEqual([updated]);
    expect(await db.command({ ping: 1 })).toEqual({ ok: 1 });
  });

  test('When the real driver’s Db is typed as StoreDb, then it is the driver’s own object (no wrapper, no server needed)', () => {
    expect(realDb.databaseName).toBe('clube');
    expect(realDb).toBeInstanceOf(realClient.db('other').constructor);
  });

  test('When an index kind the store cannot keep is asked for (text, hashed), then it is refused in Portuguese', async () => {
    const things = new EmbeddedClient().db('clube').collection('things');
    await expect(things.createIndex({ name: 'text' })).rejects.toThrow(/tipo de índice não suportado pelo armazenamento embutido: name: text/);
    await expect(things.createIndex({ name: 1 })).resolves.toBe('name_1');
  });
});
