import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoServerError, ObjectId } from 'mongodb';
import { EmbeddedClient } from '../src/db/embedded/embedded-client';
import { ensureIndexes } from '../src/db/indexes';

type AnyCollection = ReturnType<ReturnType<EmbeddedClient['db']>['collection']>;

function memoryCollection(name = 'things'): AnyCollection {
  return new EmbeddedClient().db('test').collection(name);
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
    await ensureIndexes(db as never);
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
    const seats = memoryCollection();
    const { insertedId } = await seats.insertOne({ available: 1 });
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        seats.findOneAndUpdate({ _id: insertedId, available: { $gt: 0 } }, { $inc: { available: -1 }, $push: { holders: i } }, { returnDocument: 'after' }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await seats.findOne({ _id: insertedId })).toMatchObject({ available: 0, holders: [expect.any(Number)] });
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
    const things = memoryCollection();
    const { insertedId } = await things.insertOne({ a: 1, b: 'x', nested: { n: 1 } });
    await things.updateOne({ _id: insertedId }, { $set: { 'nested.m': 2 }, $inc: { a: 2 }, $push: { list: 'y' }, $unset: { b: '' } });
    expect(await things.findOne({ _id: insertedId })).toEqual({ _id: insertedId, a: 3, nested: { n: 1, m: 2 }, list: ['y'] });
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

  test('When the writing process is killed with SIGKILL mid-stream, then the file is whole and holds a prefix of the writes', async () => {
    const dir = tempDir();
    const script = `
      const { EmbeddedClient } = require(${JSON.stringify(path.join(__dirname, '..', 'src', 'db', 'embedded', 'embedded-client.ts'))});
      const users = new EmbeddedClient({ dataDir: ${JSON.stringify(dir)} }).db('clube').collection('users');
      (async () => {
        for (let i = 0; ; i += 1) {
          await users.insertOne({ i, padding: 'x'.repeat(2000) });
          if (i === 20) process.stdout.write('writing\\n');
        }
      })();
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => resolve());
      child.on('exit', () => reject(new Error(`o processo terminou antes de escrever: ${stderr}`)));
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));

    const reopened = new EmbeddedClient({ dataDir: dir });
    const docs = await reopened.db('clube').collection('users').find({}).sort({ i: 1 }).toArray();
    expect(docs.length).toBeGreaterThan(20);
    expect(docs.map((doc) => doc.i)).toEqual(docs.map((_, index) => index));
    await reopened.close();
  });
});
