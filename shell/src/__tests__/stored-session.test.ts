import 'fake-indexeddb/auto';
import { FIREBASE_DB_NAME, FIREBASE_DB_STORE, firebaseUserKey, hasStoredFirebaseSession } from '../auth/stored-session';

const API_KEY = 'demo-api-key';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Opens the database the way Firebase Auth's indexedDBLocalPersistence does (version 1, keyPath fbase_key). */
function openLikeFirebase(): Promise<IDBDatabase> {
  const open = indexedDB.open(FIREBASE_DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(FIREBASE_DB_STORE, { keyPath: 'fbase_key' });
  return request(open);
}

async function storeRow(key: string, value: unknown): Promise<void> {
  const db = await openLikeFirebase();
  const tx = db.transaction(FIREBASE_DB_STORE, 'readwrite');
  tx.objectStore(FIREBASE_DB_STORE).put({ fbase_key: key, value });
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
}

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((db) => db.name ?? '');
}

afterEach(async () => {
  window.localStorage.clear();
  await request(indexedDB.deleteDatabase(FIREBASE_DB_NAME));
});

describe('the stored Firebase session, read without the SDK', () => {
  it('When this browser never signed in, then there is no session, and the check does not create Firebase\'s database', async () => {
    await expect(hasStoredFirebaseSession(API_KEY)).resolves.toBe(false);
    expect(await databaseNames()).not.toContain(FIREBASE_DB_NAME);
  });

  it('When Firebase kept a user in IndexedDB for this app, then a session is stored', async () => {
    await storeRow(firebaseUserKey(API_KEY), { uid: 'u1', stsTokenManager: { refreshToken: 'r' } });
    expect(firebaseUserKey(API_KEY)).toBe('firebase:authUser:demo-api-key:[DEFAULT]');
    await expect(hasStoredFirebaseSession(API_KEY)).resolves.toBe(true);
  });

  it('When the database only holds another project\'s user, or Firebase removed the user at sign-out, then there is no session', async () => {
    await storeRow(firebaseUserKey('another-key'), { uid: 'u2' });
    await expect(hasStoredFirebaseSession(API_KEY)).resolves.toBe(false);

    await storeRow(firebaseUserKey(API_KEY), { uid: 'u1' });
    const db = await openLikeFirebase();
    const tx = db.transaction(FIREBASE_DB_STORE, 'readwrite');
    tx.objectStore(FIREBASE_DB_STORE).delete(firebaseUserKey(API_KEY));
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
    await expect(hasStoredFirebaseSession(API_KEY)).resolves.toBe(false);
  });

  it('When Firebase fell back to localStorage, then the user kept there counts as a session', async () => {
    window.localStorage.setItem(firebaseUserKey(API_KEY), JSON.stringify({ uid: 'u1' }));
    await expect(hasStoredFirebaseSession(API_KEY)).resolves.toBe(true);
  });

  it('When IndexedDB does not answer in time, then a session is assumed (the SDK loads and decides)', async () => {
    const open = jest.spyOn(indexedDB, 'open').mockImplementation(() => ({}) as IDBOpenDBRequest);
    try {
      await expect(hasStoredFirebaseSession(API_KEY, 20)).resolves.toBe(true);
    } finally {
      open.mockRestore();
    }
  });
});
