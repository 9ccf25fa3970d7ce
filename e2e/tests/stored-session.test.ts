import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import type * as FirebaseSetup from '../../shell/src/auth/firebase';
import type * as StoredSession from '../../shell/src/auth/stored-session';
import { idTokenFor } from '../support/account';
import { openBrowser, type BrowserSession } from '../support/browser';

// Issue 24: the shell decides whether someone has a session by reading Firebase Auth's private
// storage without the SDK (shell/src/auth/stored-session.ts). This runs the real SDK, set up exactly
// as the shell sets it up (shell/src/auth/firebase.ts, the pinned `firebase` version), in Chromium
// against the Auth emulator, and checks that the reader finds what the SDK stored. A Firebase
// release that renames the database, the store or the key makes it fail.
//
// Chromium rather than Jest with fake-indexeddb: Jest's frontend environment resolves `firebase/auth`
// with Node's export conditions, whose build persists in memory only (indexedDBLocalPersistence is
// inMemoryPersistence there), so it would never write what a browser writes. Here the browser build
// of the SDK — the one webpack puts in the shell — writes to Chromium's own IndexedDB.

const SHELL_AUTH = path.resolve(__dirname, '..', '..', 'shell', 'src', 'auth');
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-clube';
/** What the shell's /config.json carries by default (scripts/serve-static.cjs). */
const FIREBASE_CONFIG = { apiKey: 'demo-api-key', authDomain: `${PROJECT_ID}.firebaseapp.com`, projectId: PROJECT_ID, authEmulatorUrl: `http://${EMULATOR}` };

/** The shell's own modules, bundled for the browser (as webpack would: `browser` export conditions). */
type ShellAuth = typeof FirebaseSetup & typeof StoredSession;
declare global {
  interface Window {
    shellAuth: ShellAuth;
  }
}

let server: http.Server;
let origin: string;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: "export * from './firebase';\nexport * from './stored-session';\n", resolveDir: SHELL_AUTH, loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    globalName: 'shellAuth',
    target: 'es2022',
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.contents;
  server = http.createServer((request, response) => {
    if (request.url === '/shell-auth.js') return response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Sessão guardada</title><script src="/shell-auth.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  session = await openBrowser();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** A new page load: nothing of the SDK runs until a test asks for it. */
async function load(): Promise<void> {
  await page.goto(origin, { waitUntil: 'load' });
}

const storedSession = () => page.evaluate((apiKey) => window.shellAuth.hasStoredFirebaseSession(apiKey), FIREBASE_CONFIG.apiKey);

describe("the shell's reader of the session Firebase keeps in the browser", () => {
  it('When a person signs in with the real SDK, then on the next page load, before the SDK starts, the reader finds the session; after signing out it finds none', async () => {
    const person = { email: `sessao.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@lab.test`, password: 'Segura#2026' };
    const signUp = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...person, returnSecureToken: true }),
    });
    expect(signUp.status).toBe(200);
    const { localId } = await idTokenFor(person.email, person.password);

    await load();
    await expect(storedSession()).resolves.toBe(false);

    const signedIn = await page.evaluate(async ({ config, email, password }) => {
      const auth = window.shellAuth.createFirebaseAuth(config);
      await window.shellAuth.firebaseIdentity(auth).signIn(email, password);
      return auth.currentUser?.uid;
    }, { config: FIREBASE_CONFIG, ...person });
    expect(signedIn).toBe(localId);

    await load();
    await expect(storedSession()).resolves.toBe(true);
    // What the reader found is the session the SDK itself restores on this load.
    const restored = await page.evaluate(async (config) => {
      const auth = window.shellAuth.createFirebaseAuth(config);
      await auth.authStateReady();
      const uid = auth.currentUser?.uid;
      await window.shellAuth.firebaseIdentity(auth).signOut();
      return uid;
    }, FIREBASE_CONFIG);
    expect(restored).toBe(localId);

    await load();
    await expect(storedSession()).resolves.toBe(false);
  });
});
