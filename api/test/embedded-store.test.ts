import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Query } from 'mingo';
import { Binary, Decimal128, MongoServerError, ObjectId, type Document } from 'mongodb';
import { encodeRecord } from '../src/store/embedded/records';
import { EmbeddedClient } from '../src/store/embedded/embedded-client';
import { MODULES } from '../src/modules/modules';
import { ensureIndexes } from '../src/store/indexes';

function memoryCollection<T extends Document = Document>(name = 'things') {
  return new EmbeddedClient().db('test').collection<T>(name);
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'clube-store-'));
}

describe('Embedded store: unique indexes', () => {
  test('When a unique value is inserted twice, then the driver’s MongoServerError with code 11000 is thrown and nothing is stored', async () => {
    const users = memoryCollection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ email: 'a@x.com' });
    const error = await users.insertOne({ email: 'a@x.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ code: 11000, keyValue: { email: 'a@x.com' } });
    expect(await users.countDocuments({})).toBe(1);
  });

  test('When an update would duplicate a unique value, then 11000 and the document is unchanged', async () => {
    const users = memoryCollection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ email: 'a@x.com' });
    const { insertedId } = await users.insertOne({ email: 'b@x.com' });
    await expect(users.updateOne({ _id: insertedId }, { $set: { email: 'a@x.com' } })).rejects.toMatchObject({ code: 11000 });
    expect(await users.findOne({ _id: insertedId })).toMatchObject({ email: 'b@x.com' });
  });

  test('When the real index declarations are applied, then one open subscription per user is enforced and canceled ones are free', async () => {
    const db = new EmbeddedClient().db('clube');
    await ensureIndexes(db as never, MODULES.flatMap((module) => module.indexes));
    const subscriptions = db.collection('subscriptions');
    const userId = new ObjectId();
    await subscriptions.insertOne({ userId, status: 'CANCELED', isOpen: false });
    await subscriptions.insertOne({ userId, status: 'CANCELED', isOpen: false });
    const open = await subscriptions.insertOne({ userId, status: 'PENDING', isOpen: true });
    await expect(subscriptions.insertOne({ userId, status: 'ACTIVE', isOpen: true })).rejects.toMatchObject({ code: 11000 });
    await subscriptions.updateOne({ _id: open.insertedId }, { $set: { status: 'CANCELED', isOpen: false } });
    await expect(subscriptions.insertOne({ userId, status: 'ACTIVE', isOpen: true })).resolves.toBeDefined();
    const users = db.collection('users');
    await users.insertOne({ providerId: 'p1', email: 'e1' });
    await expect(users.insertOne({ providerId: 'p1', email: 'e2' })).rejects.toMatchObject({ code: 11000 });
  });

  test('When an index is created over existing duplicates, then it fails with 11000', async () => {
    const things = memoryCollection();
    await things.insertMany([{ code: 1 }, { code: 1 }]);
    await expect(things.createIndex({ code: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
  });
});

describe('Embedded store: updates', () => {
  test('When two conditional claims race, then exactly one wins (findOneAndUpdate is atomic)', async () => {
    const seats = memoryCollection<{ available: number; holders?: number[] }>();
    const { insertedId } = await seats.insertOne({ available: 1 });
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        seats.findOneAndUpdate({ _id: insertedId, available: { $gt: 0 } }, { $inc: { available: -1 }, $push: { holders: i } }, { returnDocument: 'after' }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await seats.findOne({ _id: insertedId })).toMatchObject({ available: 0, holders: [expect.any(Number)] });
  });

  test('When 10 seat claims race with a field comparison ($expr $lt) and $inc, then exactly the free seats are taken (laboratory accounts)', async () => {
    const accounts = memoryCollection();
    const { insertedId } = await accounts.insertOne({ seats: 3, seatsUsed: 1 });
    const claims = await Promise.all(
      Array.from({ length: 10 }, () =>
        accounts.findOneAndUpdate({ _id: insertedId, $expr: { $lt: ['$seatsUsed', '$seats'] } }, { $inc: { seatsUsed: 1 } }, { returnDocument: 'after' }),
      ),
    );
    expect(claims.filter(Boolean).map((claim) => claim!.seatsUsed).sort()).toEqual([2, 3]);
    const updates = await Promise.all(
      Array.from({ length: 5 }, () => accounts.updateOne({ _id: insertedId, seatsUsed: { $lt: 4 } }, { $inc: { seatsUsed: 1 } })),
    );
    expect(updates.filter((result) => result.modifiedCount === 1)).toHaveLength(1);
    expect(await accounts.findOne({ _id: insertedId })).toMatchObject({ seats: 3, seatsUsed: 4 });
  });

  test('When upserting, then $setOnInsert applies only on insert and the filter equalities seed the document', async () => {
    const things = memoryCollection();
    const first = await things.updateOne({ key: 'k' }, { $setOnInsert: { createdBy: 'a' }, $set: { seen: 1 } }, { upsert: true });
    const second = await things.updateOne({ key: 'k' }, { $setOnInsert: { createdBy: 'b' }, $set: { seen: 2 } }, { upsert: true });
    expect(first).toMatchObject({ upsertedCount: 1, matchedCount: 0 });
    expect(second).toMatchObject({ upsertedCount: 0, matchedCount: 1, modifiedCount: 1 });
    expect(await things.findOne({ key: 'k' }, { projection: { _id: 0 } })).toEqual({ key: 'k', createdBy: 'a', seen: 2 });
  });

  test('When $set, $inc, $push and $unset are combined, then each applies; replacing documents or touching _id is refused', async () => {
    const things = memoryCollection<{ a: number; b?: string; nested: { n: number; m?: number }; list?: string[] }>();
    const { insertedId } = await things.insertOne({ a: 1, b: 'x', nested: { n: 1 } });
    await things.updateOne({ _id: insertedId }, { $set: { 'nested.m': 2 }, $inc: { a: 2 }, $push: { list: 'y' }, $unset: { b: '' } });
    expect(await things.findOne({ _id: insertedId })).toEqual({ _id: insertedId, a: 3, nested: { n: 1, m: 2 }, list: ['y'] });
    // @ts-expect-error a replacement document is not an update (the store refuses it at run time too)
    await expect(things.updateOne({ _id: insertedId }, { a: 5 })).rejects.toBeInstanceOf(MongoServerError);
    await expect(things.updateOne({ _id: insertedId }, { $set: { _id: new ObjectId() } })).rejects.toMatchObject({ code: 66 });
  });

  test('When a caller mutates a returned document, then the stored one does not change', async () => {
    const things = memoryCollection();
    const { insertedId } = await things.insertOne({ tags: ['a'] });
    const found = (await things.findOne({ _id: insertedId }))!;
    (found.tags as string[]).push('b');
    expect((await things.findOne({ _id: insertedId }))!.tags).toEqual(['a']);
  });

  test('When a projection leaves fields out, then they are absent and what is returned is still a copy', async () => {
    const things = memoryCollection();
    await things.insertOne({ n: 1, search: { body: 'texto longo' }, tags: ['a'], at: new Date(0) });
    for (const found of [(await things.find({ n: 1 }, { projection: { search: 0 } }).toArray())[0]!, (await things.findOne({ n: 1 }, { projection: { search: 0 } }))!]) {
      expect(Object.keys(found).sort()).toEqual(['_id', 'at', 'n', 'tags']);
      (found.tags as string[]).push('b');
      (found.at as Date).setTime(1000);
    }
    expect(await things.findOne({ n: 1 }, { projection: { _id: 0, tags: 1, at: 1 } })).toEqual({ tags: ['a'], at: new Date(0) });
    expect(await things.findOne({ n: 1 }, { projection: { 'search.body': 0, tags: 0 } })).toEqual(expect.objectContaining({ n: 1, search: {} }));
  });

  test('When one document is found by its unique key or _id (the profile read), then it is a copy, projected, and only the one holding that exact key', async () => {
    const users = memoryCollection('users');
    await users.createIndex({ providerId: 1 }, { unique: true });
    await users.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { email: { $type: 'string' } } });
    const { insertedId } = await users.insertOne({ providerId: 'uid-1', email: 'a@x.com', credits: { used: 1 }, at: new Date(5) });
    await users.insertOne({ providerId: 'uid-2', email: 'b@x.com', credits: { used: 2 } });
    await users.insertOne({ email: 'no-provider@x.com', credits: { used: 3 } });

    const found = (await users.findOne({ providerId: 'uid-1' }))!;
    expect(found).toEqual({ _id: insertedId, providerId: 'uid-1', email: 'a@x.com', credits: { used: 1 }, at: new Date(5) });
    (found.credits as { used: number }).used = 99;
    (found.at as Date).setTime(0);
    expect(await users.findOne({ providerId: { $eq: 'uid-1' } })).toMatchObject({ credits: { used: 1 }, at: new Date(5) });
    expect(await users.findOne({ providerId: 'uid-1' }, { projection: { email: 1, _id: 0 } })).toEqual({ email: 'a@x.com' });
    expect(await users.findOne({ _id: insertedId }, { projection: { providerId: 1 } })).toEqual({ _id: insertedId, providerId: 'uid-1' });
    expect(await users.findOne({ providerId: 'UID-1' })).toBeNull();
    expect(await users.findOne({ providerId: 'uid-1', email: 'b@x.com' })).toBeNull();
    // A missing field equals null, as in MongoDB (the unique index keys it as null).
    expect(await users.findOne({ providerId: null })).toMatchObject({ email: 'no-provider@x.com' });
    expect(await users.findOne({ email: 'b@x.com' })).toMatchObject({ providerId: 'uid-2' });
    expect(await users.findOne({ providerId: 'uid-2' }, { skip: 1 })).toBeNull();
    await users.updateOne({ providerId: 'uid-2' }, { $set: { providerId: 'uid-3' } });
    expect(await users.findOne({ providerId: 'uid-2' })).toBeNull();
    expect(await users.findOne({ providerId: 'uid-3' })).toMatchObject({ email: 'b@x.com' });
  });

  test('When finding with sort, skip, limit and projection, then the driver’s semantics apply', async () => {
    const things = memoryCollection();
    await things.insertMany([5, 3, 9, 1, 7].map((n) => ({ n, hidden: true, at: new Date(2020, 0, n) })));
    const page = await things.find({ n: { $gte: 3 } }, { projection: { n: 1, _id: 0 } }).sort({ n: -1 }).skip(1).limit(2).toArray();
    expect(page).toEqual([{ n: 7 }, { n: 5 }]);
    expect(await things.countDocuments({ at: { $gt: new Date(2020, 0, 4) } })).toBe(3);
    expect((await things.deleteOne({ n: 9 })).deletedCount).toBe(1);
    expect(await things.countDocuments({})).toBe(4);
  });
});

describe('Embedded store: multi-document writes', () => {
  interface Row {
    i: number;
    group: string;
    n: number;
  }
  async function rows(count: number) {
    const things = memoryCollection<Row>();
    await things.createIndex({ group: 1 });
    for (let start = 0; start < count; start += 1000) {
      await things.insertMany(Array.from({ length: Math.min(1000, count - start) }, (_, k) => ({ i: start + k, group: (start + k) % 2 ? 'odd' : 'even', n: 0 })));
    }
    return things;
  }

  test('When updateMany and deleteMany cover thousands of documents, then other operations run before they finish', async () => {
    const things = await rows(5000);
    let updateDone = false;
    const update = things.updateMany({}, { $inc: { n: 1 } }).then((result) => ((updateDone = true), result));
    // Runs on the event loop's next turn: only if updateMany let go of it halfway.
    const seenDuringUpdate = await new Promise<number | undefined>((resolve) => setImmediate(() => resolve(updateDone ? undefined : 1)));
    expect(seenDuringUpdate).toBe(1);
    expect(await update).toMatchObject({ matchedCount: 5000, modifiedCount: 5000 });
    expect(await things.countDocuments({ n: 1 })).toBe(5000);

    let deleteDone = false;
    const remove = things.deleteMany({ group: 'odd' }).then((result) => ((deleteDone = true), result));
    const seenDuringDelete = await new Promise<boolean>((resolve) => setImmediate(() => resolve(!deleteDone)));
    expect(seenDuringDelete).toBe(true);
    expect(await remove).toEqual({ acknowledged: true, deletedCount: 2500 });
    expect(await things.countDocuments({})).toBe(2500);
    expect(await things.countDocuments({ group: 'odd' })).toBe(0);
  });

  test('When documents change while an updateMany runs, then each is updated once, as it is when reached, and only if it still matches', async () => {
    const things = await rows(5000);
    const update = things.updateMany({ group: 'even' }, { $inc: { n: 1 } });
    // Between two slices: the last even row leaves the group, another is deleted, an odd one joins.
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([
      things.updateOne({ i: 4998 }, { $set: { group: 'moved' } }),
      things.deleteOne({ i: 4996 }),
      things.updateOne({ i: 4999 }, { $set: { group: 'even', n: 10 } }),
    ]);
    const result = await update;
    expect(await things.findOne({ i: 4998 })).toMatchObject({ group: 'moved', n: 0 });
    expect(await things.findOne({ i: 4996 })).toBeNull();
    // It joined after the update started: MongoDB may or may not update it; it must not be updated twice.
    expect([10, 11]).toContain((await things.findOne({ i: 4999 }))!.n);
    expect(await things.countDocuments({ group: 'even', n: 1 })).toBe(2498);
    expect(result.matchedCount).toBe(result.modifiedCount);
    expect(await things.countDocuments({ n: { $gt: 1, $lt: 10 } })).toBe(0);
  });

  test('When a multi-document update would break a unique index halfway, then it fails with 11000 and no document is left half-written', async () => {
    const things = memoryCollection<{ i: number; code?: string }>();
    await things.createIndex({ code: 1 }, { unique: true, sparse: true });
    await things.insertMany(Array.from({ length: 300 }, (_, i) => ({ i })));
    await expect(things.updateMany({}, { $set: { code: 'same' } })).rejects.toMatchObject({ code: 11000 });
    expect(await things.countDocuments({ code: 'same' })).toBeLessThanOrEqual(1);
    expect(await things.countDocuments({})).toBe(300);
  });
});

describe('Embedded store: persistence', () => {
  test('When the client is reopened on the same directory, then documents come back with ObjectId and Date types', async () => {
    const dir = tempDir();
    const first = new EmbeddedClient({ dataDir: dir });
    const at = new Date('2026-01-02T03:04:05.678Z');
    const { insertedId } = await first.db('clube').collection('users').insertOne({ name: 'Ana', at, ref: new ObjectId() });
    await first.close();
    const second = new EmbeddedClient({ dataDir: dir });
    const found = await second.db('clube').collection('users').findOne({ _id: insertedId });
    expect(found?._id).toBeInstanceOf(ObjectId);
    expect(found?.at).toEqual(at);
    expect(found?.ref).toBeInstanceOf(ObjectId);
    await second.close();
  });

  test('When another live process holds the directory, then opening it fails with a clear message', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'clube'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'clube', '.lock'), String(process.ppid));
    const client = new EmbeddedClient({ dataDir: dir });
    expect(() => client.db('clube').collection('users')).toThrow(/já estão em uso pelo processo/);
  });

  test('When the writing process is killed with SIGKILL mid-burst, then every acknowledged write is there and no torn record is loaded', async () => {
    const dir = tempDir();
    // 20 writers at once (inserts, $inc updates and 1,500-document batches split over several
    // journal records); each acknowledgement is printed only after its promise resolved.
    const script = `
      const { EmbeddedClient } = require(${JSON.stringify(path.join(__dirname, '..', 'src', 'store', 'embedded', 'embedded-client.ts'))});
      const db = new EmbeddedClient({ dataDir: ${JSON.stringify(dir)} }).db('clube');
      const users = db.collection('users');
      const counters = db.collection('counters');
      const batches = db.collection('batches');
      (async () => {
        await users.createIndex({ i: 1 }, { unique: true });
        await counters.insertOne({ _id: 'c', n: 0 });
        let next = 0;
        let batch = 0;
        const writer = async (w) => {
          for (;;) {
            const i = next++;
            await users.insertOne({ i, padding: 'x'.repeat(500) });
            process.stdout.write('user ' + i + '\\n');
            const after = await counters.findOneAndUpdate({ _id: 'c' }, { $inc: { n: 1 } }, { returnDocument: 'after' });
            process.stdout.write('counter ' + after.n + '\\n');
          }
        };
        const batcher = async () => {
          for (;;) {
            const b = batch++;
            await batches.insertMany(Array.from({ length: 1500 }, (_, k) => ({ b, k })));
            process.stdout.write('batch ' + b + '\\n');
          }
        };
        for (let w = 0; w < 20; w += 1) void writer(w);
        void batcher();
      })();
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          if (stdout.includes('batch 2\n')) resolve();
        });
        child.on('exit', () => reject(new Error(`o processo terminou antes de escrever: ${stderr}`)));
      });
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.floor(Math.random() * 100)));
    } finally {
      child.kill('SIGKILL');
      await exited;
    }

    const lines = stdout.split('\n').slice(0, -1); // the last line may itself be cut
    const acked = (kind: string) => lines.filter((line) => line.startsWith(`${kind} `)).map((line) => Number(line.split(' ')[1]));
    const reopened = new EmbeddedClient({ dataDir: dir });
    const db = reopened.db('clube');
    db.loadAll();
    const stored = new Set((await db.collection('users').find({}).toArray()).map((doc) => doc.i as number));
    expect(acked('user').length).toBeGreaterThan(20);
    expect(acked('user').filter((i) => !stored.has(i))).toEqual([]);
    const counter = await db.collection('counters').findOne({ _id: 'c' as never });
    expect(counter!.n).toBeGreaterThanOrEqual(Math.max(...acked('counter')));
    // A batch is all there or not at all (its journal records are applied only when the last one is whole).
    const batchSizes = new Map<number, number>();
    for (const doc of await db.collection('batches').find({}).toArray()) batchSizes.set(doc.b as number, (batchSizes.get(doc.b as number) ?? 0) + 1);
    expect([...batchSizes.values()].every((size) => size === 1500)).toBe(true);
    for (const b of acked('batch')) expect(batchSizes.get(b)).toBe(1500);
    // What was loaded is also what a fresh append continues from.
    await db.collection('users').insertOne({ i: -1 });
    await reopened.close();
    const again = new EmbeddedClient({ dataDir: dir });
    expect(await again.db('clube').collection('users').countDocuments({})).toBe(stored.size + 1);
    await again.close();
  }, 30_000);

  test('When the journal ends in a torn record, then the whole records before it load and new writes append after them', async () => {
    const dir = tempDir();
    const first = new EmbeddedClient({ dataDir: dir });
    const things = first.db('clube').collection('things');
    for (let n = 0; n < 5; n += 1) await things.insertOne({ n });
    await first.close();
    const journal = fs.readdirSync(path.join(dir, 'clube')).find((file) => file.endsWith('.journal'))!;
    const file = path.join(dir, 'clube', journal);
    const whole = fs.readFileSync(file);
    // The first half of a copy of the last record, as a crash in the middle of write() leaves it.
    fs.appendFileSync(file, whole.subarray(0, 20));

    const second = new EmbeddedClient({ dataDir: dir });
    const reread = second.db('clube').collection('things');
    expect((await reread.find({}).toArray()).map((doc) => doc.n)).toEqual([0, 1, 2, 3, 4]);
    await reread.insertOne({ n: 5 });
    await second.close();
    const third = new EmbeddedClient({ dataDir: dir });
    expect((await third.db('clube').collection('things').find({}).toArray()).map((doc) => doc.n)).toEqual([0, 1, 2, 3, 4, 5]);
    await third.close();
  });

  test('When a collection is compacted, then a snapshot replaces the journals and reopening gives the same documents', async () => {
    const dir = tempDir();
    const first = new EmbeddedClient({ dataDir: dir });
    const things = first.db('clube').collection('things');
    await things.insertMany(Array.from({ length: 2500 }, (_, n) => ({ n, at: new Date(n) })));
    await things.deleteMany({ n: { $lt: 500 } });
    await things.updateMany({ n: { $gte: 2400 } }, { $set: { late: true } });
    await things.compact();
    await things.insertOne({ n: 9999 });
    const files = fs.readdirSync(path.join(dir, 'clube'));
    expect(files).toContain('things.snapshot');
    expect(files.filter((name) => name.endsWith('.journal'))).toEqual(['things.000002.journal']);
    await first.close();

    const second = new EmbeddedClient({ dataDir: dir });
    const reread = second.db('clube').collection('things');
    expect(await reread.countDocuments({})).toBe(2001);
    expect(await reread.countDocuments({ late: true })).toBe(100);
    expect((await reread.findOne({ n: 600 }))?.at).toEqual(new Date(600));
    await second.close();
  });

  test('When documents hold every kind of value, then they come back from a snapshot exactly as stored', async () => {
    const dir = tempDir();
    const first = new EmbeddedClient({ dataDir: dir });
    const things = first.db('clube').collection<Document & { _id: ObjectId | string | number }>('things');
    const ref = new ObjectId();
    const stored = [
      { _id: new ObjectId(), refs: [ref, { deep: [ref] }], at: new Date(1), n: -0.5, big: 2 ** 40, flag: false, none: null, text: 'ação', nested: { empty: {}, list: [] } },
      { _id: 'string-id', bytes: new Binary(Buffer.from('abc')), price: Decimal128.fromString('10.25'), at: new Date(2) },
      { _id: 7, n: 1 },
    ];
    await things.insertMany(stored.map((doc) => ({ ...doc })));
    await things.compact();
    await first.close();
    expect(fs.readdirSync(path.join(dir, 'clube')).filter((name) => name.endsWith('.journal'))).toEqual([]);

    const second = new EmbeddedClient({ dataDir: dir });
    const reread = await second.db('clube').collection('things').find({}).toArray();
    expect(reread).toEqual(stored);
    expect(reread[0]!.refs[0]).toBeInstanceOf(ObjectId);
    expect(reread[1]!.bytes).toBeInstanceOf(Binary);
    expect(reread[1]!.price.toString()).toBe('10.25');
    await second.close();
  });

  test('When a snapshot was written in the earlier one-record-per-document format, then it still loads', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'clube'), { recursive: true });
    const docs = [{ _id: new ObjectId(), name: 'Ana' }, { _id: new ObjectId(), name: 'Bia' }];
    const records = [
      encodeRecord({ format: 'clube-embedded-snapshot', version: 1, generation: 1 }),
      ...docs.map((doc) => encodeRecord(doc)),
      encodeRecord({ end: true, count: docs.length }),
    ];
    fs.writeFileSync(path.join(dir, 'clube', 'users.snapshot'), Buffer.concat(records));
    const client = new EmbeddedClient({ dataDir: dir });
    expect(await client.db('clube').collection('users').find({}).toArray()).toEqual(docs);
    await client.close();
  });

  test('When a snapshot lost its end, then start-up refuses it instead of loading part of the data', async () => {
    const dir = tempDir();
    const first = new EmbeddedClient({ dataDir: dir });
    const things = first.db('clube').collection('things');
    await things.insertMany(Array.from({ length: 2500 }, (_, n) => ({ n })));
    await things.compact();
    await first.close();
    const file = path.join(dir, 'clube', 'things.snapshot');
    fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
    const second = new EmbeddedClient({ dataDir: dir });
    expect(() => second.db('clube').collection('things')).toThrow(/instantâneo incompleto/);
    await second.close();
  });

  test('When data was saved by the earlier one-file-per-collection format, then it loads and moves to snapshot + journal', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'clube'), { recursive: true });
    const id = new ObjectId();
    fs.writeFileSync(path.join(dir, 'clube', 'users.json'), JSON.stringify([{ _id: { $oid: id.toHexString() }, name: 'Ana' }]));
    const client = new EmbeddedClient({ dataDir: dir });
    client.db('clube').loadAll();
    expect(await client.db('clube').collection('users').findOne({ _id: id })).toEqual({ _id: id, name: 'Ana' });
    await client.close();
    expect(fs.readdirSync(path.join(dir, 'clube'))).toContain('users.snapshot');
    expect(fs.readdirSync(path.join(dir, 'clube'))).not.toContain('users.json');
  });
});

describe('Embedded store: indexes answer like a scan', () => {
  // The same documents in a collection with the real-world indexes and in one without any:
  // every query must give the same documents in the same order (and the same counts).
  const roles = ['USER', 'ADMIN', 'EDITOR'];
  const base = new Date('2026-01-01T00:00:00Z').getTime();
  const docs = Array.from({ length: 400 }, (_, n) => ({
    _id: new ObjectId(),
    n,
    role: roles[n % 3],
    active: n % 4 === 0,
    createdAt: new Date(base + (n % 37) * 1000), // many ties
    credits: { used: n % 5 },
    ...(n % 7 === 0 ? {} : { name: `nome ${n % 11}` }),
  }));

  async function pair() {
    const indexed = memoryCollection('indexed');
    await indexed.createIndex({ role: 1, createdAt: -1 });
    await indexed.createIndex({ createdAt: -1 });
    await indexed.createIndex({ active: 1, 'credits.used': 1 });
    await indexed.createIndex({ name: 1 });
    await indexed.createIndex({ n: 1 }, { unique: true });
    const plain = memoryCollection('plain');
    for (const collection of [indexed, plain]) {
      await collection.insertMany(docs.map((doc) => ({ ...doc })));
      await collection.updateMany({ n: { $lt: 40 } }, { $set: { role: 'ADMIN' } });
      await collection.deleteMany({ n: { $gte: 390 } });
    }
    return { indexed, plain };
  }

  const cases: [string, Record<string, unknown>, Record<string, 1 | -1> | undefined][] = [
    ['equality + sort served by the index', { role: 'USER' }, { createdAt: -1, _id: -1 }],
    ['equality + opposite sort', { role: 'USER' }, { createdAt: 1, _id: 1 }],
    ['equality + sort the index cannot serve', { role: 'ADMIN' }, { createdAt: -1 }],
    ['equality + extra condition', { role: 'EDITOR', n: { $gt: 100 } }, { createdAt: -1, _id: -1 }],
    ['no filter, sort by an index', {}, { createdAt: -1, _id: -1 }],
    ['compound equality on a nested field', { active: true, 'credits.used': 0 }, undefined],
    ['equality with $eq, no sort (natural order)', { role: { $eq: 'USER' } }, undefined],
    ['null matches missing', { name: null }, { _id: 1 }],
    ['unique index', { n: 123 }, undefined],
    ['sort by a unique index (its order is built on first use, after the writes)', { role: 'USER' }, { n: -1 }],
    ['unique index, sort served by it', {}, { n: 1, _id: 1 }],
    ['$or search', { $or: [{ name: /nome 1/ }, { role: 'ADMIN' }] }, { name: 1, _id: 1 }],
    ['two equalities, one answered by an index', { role: 'USER', active: true }, { createdAt: -1, _id: -1 }],
    ['equalities no index can answer', { 'credits.used': 3, name: 'nome 4' }, undefined],
    ['an equality that matches nothing', { role: 'NOBODY' }, { createdAt: -1, _id: -1 }],
    ['$or of regexes (the users search) with an equality', { role: 'USER', $or: [{ name: /NOME 3/i }, { _id: docs[5]!._id }] }, { createdAt: 1, _id: 1 }],
    ['regex on a field some documents lack', { name: /^nome 1/ }, undefined],
  ];

  test.each(cases)('%s', async (_title, filter, sort) => {
    const { indexed, plain } = await pair();
    for (const [skip, limit] of [[0, 0], [0, 10], [25, 10]] as const) {
      const options = { ...(sort ? { sort } : {}), skip, limit };
      expect(await indexed.find(filter, options).toArray()).toEqual(await plain.find(filter, options).toArray());
    }
    expect(await indexed.countDocuments(filter)).toBe(await plain.countDocuments(filter));
    expect(await indexed.countDocuments(filter, { skip: 3, limit: 5 })).toBe(await plain.countDocuments(filter, { skip: 3, limit: 5 }));
  });

  test('When thousands of writes land in random order, then the index still answers pages and counts like a scan', async () => {
    const indexed = memoryCollection('indexed');
    await indexed.createIndex({ group: 1, at: -1 });
    const plain = memoryCollection('plain');
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const ops: (() => Promise<void>)[] = [];
    const ids: ObjectId[] = [];
    for (let i = 0; i < 4000; i += 1) {
      const _id = new ObjectId();
      ids.push(_id);
      const doc = { _id, group: Math.floor(random() * 3), at: Math.floor(random() * 500) };
      ops.push(async () => {
        await indexed.insertOne({ ...doc });
        await plain.insertOne({ ...doc });
      });
    }
    // The index is built empty here, so the inserts below fill and split its blocks.
    await indexed.find({ group: 0 }).sort({ at: -1, _id: -1 }).limit(1).toArray();
    for (const op of ops) await op();
    // Then keep writing: moves between groups and deletions.
    await indexed.find({ group: 1 }).sort({ at: -1, _id: -1 }).limit(1).toArray();
    for (let i = 0; i < 1500; i += 1) {
      const _id = ids[Math.floor(random() * ids.length)]!;
      if (i % 3 === 0) {
        await indexed.deleteOne({ _id });
        await plain.deleteOne({ _id });
      } else {
        const change = { $set: { group: Math.floor(random() * 3), at: Math.floor(random() * 500) } };
        await indexed.updateOne({ _id }, change);
        await plain.updateOne({ _id }, change);
      }
    }
    for (const group of [0, 1, 2]) {
      for (const sort of [{ at: -1, _id: -1 }, { at: 1, _id: 1 }] as const) {
        for (const [skip, limit] of [[0, 20], [700, 20], [0, 0]] as const) {
          expect(await indexed.find({ group }, { sort, skip, limit }).toArray()).toEqual(await plain.find({ group }, { sort, skip, limit }).toArray());
        }
      }
      expect(await indexed.countDocuments({ group })).toBe(await plain.countDocuments({ group }));
    }
  });

  test('When filters use ranges and $in (checked without the query engine), then they match exactly what the engine matches', async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const ids = Array.from({ length: 12 }, () => new ObjectId());
    const values: unknown[] = [at(1), at(5), at(9), null, undefined, 'texto', 7, Number.NaN, [at(2), at(8)], { nested: at(3) }, ids[0], true];
    const items = values.map((value, n) => ({ _id: ids[n]!, n, ...(value === undefined ? {} : { value }), kind: n % 3 }));
    const things = memoryCollection();
    await things.insertMany(items.map((item) => ({ ...item })));
    const filters: Record<string, unknown>[] = [
      { value: { $lte: at(5) } },
      { value: { $lt: at(5) } },
      { value: { $gt: at(1), $lte: at(9) } },
      { value: { $gte: 7 } },
      { value: { $lt: 100 } },
      { value: { $gt: ids[0] } },
      { value: { $in: [at(5), 7, null] } },
      { value: { $in: ['texto', true] } },
      { value: { $in: [at(8)] } },
      { _id: { $in: [ids[3], ids[1], ids[1], new ObjectId()] } },
      { _id: { $in: [ids[3], ids[1]] }, kind: 1 },
      { kind: 0, value: { $lte: at(9) } },
      { $or: [{ value: { $lte: at(1) } }, { n: { $in: [6, 11] } }] },
      { $and: [{ $or: [{ value: null }, { value: { $lte: at(5) } }] }, { $or: [{ kind: 0 }, { n: { $gt: 8 } }] }] },
      { $and: [{ kind: 1 }, { value: { $exists: true } }] },
    ];
    for (const filter of filters) {
      const expected = items.filter((item) => new Query(filter).test(item)).map((item) => item.n);
      expect({ filter, found: (await things.find(filter).toArray()).map((item) => item.n) }).toEqual({ filter, found: expected });
      expect(await things.countDocuments(filter)).toBe(expected.length);
    }
  });

  test('When a document holds an array in an indexed field, then equality still matches its elements', async () => {
    const things = memoryCollection();
    await things.createIndex({ tags: 1 });
    await things.insertMany([{ tags: 'a', kind: 1 }, { tags: ['a', 'b'], kind: 1 }, { tags: 'b', kind: 1 }, { tags: [{ x: 1 }, { x: 2 }], kind: 1 }]);
    expect(await things.countDocuments({ tags: 'a' })).toBe(2);
    expect(await things.countDocuments({ kind: 1, tags: 'b' })).toBe(2);
    expect(await things.countDocuments({ kind: 1, 'tags.x': 2 })).toBe(1);
    expect(await things.countDocuments({ $or: [{ tags: /^a$/ }, { kind: 2 }] })).toBe(2);
  });
});
