import { ObjectId } from 'mongodb';
import { MODULES } from '../src/modules/modules';
import { ensureIndexes, type IndexDeclaration } from '../src/store/indexes';
import type { StoreDb } from '../src/store/store';
import { startTestApp, type TestApp } from './helpers/app';

// The indexes the API creates at start, read back from the server (`listIndexes`) and compared with
// the declarations of every module (src/modules/<feature>/collections.ts). On the embedded store in `npm test`; on MongoDB or FerretDB
// in `npm run test:mongo`, where this is the check that the production database got every index.

let testApp: TestApp;
/** What app.ts hands the store at start: every module's declarations. */
const INDEXES = MODULES.flatMap((module) => module.indexes);

beforeAll(async () => {
  testApp = await startTestApp();
});

afterAll(() => testApp.close());

/** MongoDB's name for an index created without one: `field_1_other_-1`. */
const nameOf = (declaration: IndexDeclaration) =>
  declaration.options?.name ?? Object.entries(declaration.key).map(([field, direction]) => `${field}_${direction}`).join('_');

/** What the server must report for a declaration (key order matters, so keys are entry lists). */
function expected(declaration: IndexDeclaration) {
  return {
    name: nameOf(declaration),
    key: Object.entries(declaration.key),
    unique: Boolean(declaration.options?.unique),
    partialFilterExpression: declaration.options?.partialFilterExpression ?? null,
  };
}

async function onServer(collection: string) {
  const indexes = await testApp.db.collection(collection).indexes();
  return indexes
    .filter((index) => index.name !== '_id_')
    .map((index) => ({
      name: index.name as string,
      key: Object.entries(index.key as Record<string, number>),
      unique: Boolean(index.unique),
      partialFilterExpression: index.partialFilterExpression ?? null,
    }));
}

const isPartial = (declaration: IndexDeclaration) => Boolean(declaration.options?.partialFilterExpression);
const collections = [...new Set(INDEXES.map((declaration) => declaration.collection))];
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

describe('Indexes created at start', () => {
  test('When the API has started, then every collection has exactly its declared full indexes (key, order, uniqueness), besides _id', async () => {
    for (const collection of collections) {
      const declared = INDEXES.filter((declaration) => declaration.collection === collection && !isPartial(declaration)).map(expected);
      const partialNames = new Set(INDEXES.filter((declaration) => declaration.collection === collection && isPartial(declaration)).map(nameOf));
      const found = (await onServer(collection)).filter((index) => !partialNames.has(index.name));
      expect({ collection, indexes: found.sort(byName) }).toEqual({ collection, indexes: declared.sort(byName) });
    }
  });

  test('When the API has started, then the partial unique indexes (one open subscription per member, one ACTIVE seat per person, one team unlock per item, one invoice per PIX txid or Pix Automático txid, one subscription per recurrence, a signed record or a certificate revoked once, one active assignment per function and person) are on the server with their filters', async () => {
    const partial = INDEXES.filter(isPartial);
    expect(partial.map(nameOf).sort()).toEqual([
      'a_certificate_is_revoked_once',
      'a_record_is_revoked_once',
      'invoice_cobr_txid_unique',
      'invoice_pix_txid_unique',
      'one_active_assignment',
      'one_active_seat_per_user',
      'one_open_subscription_per_user',
      'one_unlock_per_team_item',
      'subscription_id_rec_unique',
    ]);
    for (const declaration of partial) {
      const found = (await onServer(declaration.collection)).find((index) => index.name === nameOf(declaration));
      expect({ collection: declaration.collection, index: found ?? null }).toEqual({ collection: declaration.collection, index: expected(declaration) });
    }
  });

  test('When documents are written, then a partial unique index refuses a second matching one and ignores those outside its filter', async () => {
    const seats = testApp.db.collection('seats');
    const userId = new ObjectId();
    await seats.insertOne({ userId, accountId: new ObjectId(), status: 'REMOVED' });
    await seats.insertOne({ userId, accountId: new ObjectId(), status: 'REMOVED' });
    await seats.insertOne({ userId, accountId: new ObjectId(), status: 'ACTIVE' });
    await expect(seats.insertOne({ userId, accountId: new ObjectId(), status: 'ACTIVE' })).rejects.toMatchObject({ code: 11000 });
    expect(await seats.countDocuments({ userId })).toBe(3);
  });

  test('When a unique index meets a duplicate, then the write is refused with 11000 (certificate code)', async () => {
    const certificates = testApp.db.collection('certificates');
    await certificates.insertOne({ code: 'ABCDEFGHJK', userId: new ObjectId(), videoId: new ObjectId(), version: 1 });
    await expect(certificates.insertOne({ code: 'ABCDEFGHJK', userId: new ObjectId(), videoId: new ObjectId(), version: 1 })).rejects.toMatchObject({ code: 11000 });
  });
});

describe('A server without partial indexes (FerretDB 1.x)', () => {
  /** A store whose createIndex answers like FerretDB 1.24 to a partial index (and `refuse` to the rest). */
  function storeAnswering(refuse: (options: Record<string, unknown>) => { code: number; message: string } | null): StoreDb {
    return {
      collection: () => ({
        createIndex: async (_key: unknown, options: Record<string, unknown> = {}) => {
          const error = refuse(options);
          if (error) throw Object.assign(new Error(error.message), { code: error.code });
          return 'ok';
        },
      }),
    } as unknown as StoreDb;
  }
  const notImplemented = (options: Record<string, unknown>) =>
    options.partialFilterExpression ? { code: 238, message: 'Index option "partialFilterExpression" is not implemented yet' } : null;

  test('When a partial index is refused as not implemented, then the handler hears of each one and the others are created', async () => {
    const heard: string[] = [];
    const missing = await ensureIndexes(storeAnswering(notImplemented), INDEXES, { onPartialIndexUnsupported: (declaration) => heard.push(nameOf(declaration)) });
    expect(heard.sort()).toEqual(INDEXES.filter(isPartial).map(nameOf).sort());
    expect(missing.map(nameOf).sort()).toEqual(heard);
  });

  test('When the handler refuses (production) or there is none, then start-up fails with the server error', async () => {
    await expect(ensureIndexes(storeAnswering(notImplemented), INDEXES)).rejects.toMatchObject({ code: 238 });
    const refuse = () => {
      throw new Error('produção recusa');
    };
    await expect(ensureIndexes(storeAnswering(notImplemented), INDEXES, { onPartialIndexUnsupported: refuse })).rejects.toThrow('produção recusa');
  });

  test('When any other index is refused, then start-up fails even with the handler', async () => {
    const duplicate = (options: Record<string, unknown>) => (options.unique ? { code: 11000, message: 'E11000 duplicate key error' } : null);
    await expect(ensureIndexes(storeAnswering(duplicate), INDEXES, { onPartialIndexUnsupported: () => undefined })).rejects.toMatchObject({ code: 11000 });
  });
});
