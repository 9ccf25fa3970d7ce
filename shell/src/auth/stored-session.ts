/**
 * Whether Firebase Auth kept a signed-in user in this browser, read without the Firebase SDK.
 *
 * The shell's Auth persists with `indexedDBLocalPersistence`, then `browserLocalPersistence`
 * (shell/src/auth/firebase.ts). Names as in @firebase/auth 1.13.6, which `firebase` 12.19.0 pins
 * (an exact version in shell/package.json): the IndexedDB database `firebaseLocalStorageDb`
 * (version 1), object store `firebaseLocalStorage` whose rows are `{ fbase_key, value }`, and the key
 * `firebase:authUser:<apiKey>:[DEFAULT]` — the same key in localStorage when IndexedDB is
 * unavailable. A Firebase upgrade that renames them makes every visitor a guest until the SDK loads
 * for an identity operation: e2e/tests/stored-session.test.ts signs in with the real SDK in Chromium
 * and fails if this reader no longer finds the session.
 */
export const FIREBASE_DB_NAME = 'firebaseLocalStorageDb';
export const FIREBASE_DB_STORE = 'firebaseLocalStorage';

/** Firebase's persistence key of the signed-in user of the default app. */
export function firebaseUserKey(apiKey: string): string {
  return `firebase:authUser:${apiKey}:[DEFAULT]`;
}

/** After this long without an answer from IndexedDB, assume a session may exist (load the SDK). */
export const STORED_SESSION_TIMEOUT_MS = 1500;

/**
 * true when a signed-in user is stored, false when certainly none; when the storage cannot be
 * read (blocked, broken, too slow) it answers true, so the SDK loads and decides as it always did.
 */
export function hasStoredFirebaseSession(apiKey: string, timeoutMs = STORED_SESSION_TIMEOUT_MS): Promise<boolean> {
  const key = firebaseUserKey(apiKey);
  try {
    if (window.localStorage.getItem(key)) return Promise.resolve(true);
  } catch {
    // localStorage blocked: IndexedDB may still answer.
  }
  if (typeof indexedDB === 'undefined') return Promise.resolve(false); // Firebase would use localStorage
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (stored: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(stored);
    };
    const timer = setTimeout(() => settle(true), timeoutMs);
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(FIREBASE_DB_NAME);
    } catch {
      settle(true);
      return;
    }
    let missing = false;
    // No database yet: nobody signed in here. Abort, so this check does not create it empty.
    request.onupgradeneeded = () => {
      missing = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      settle(!missing);
    };
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(FIREBASE_DB_STORE)) {
          db.close();
          settle(false);
          return;
        }
        const read = db.transaction(FIREBASE_DB_STORE, 'readonly').objectStore(FIREBASE_DB_STORE).get(key);
        read.onsuccess = () => {
          db.close();
          const row = read.result as { value?: unknown } | undefined;
          settle(row?.value != null);
        };
        read.onerror = (event) => {
          event.preventDefault();
          db.close();
          settle(true);
        };
      } catch {
        db.close();
        settle(true);
      }
    };
  });
}
