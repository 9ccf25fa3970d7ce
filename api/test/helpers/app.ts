import type { FastifyServerOptions } from 'fastify';
import { BSON, ObjectId } from 'mongodb';
import { buildApp, type App } from '../../src/app';
import type { Config } from '../../src/config';
import { COLLECTIONS } from './collections';
import type { UserDocument, UserRole } from '../../src/modules/users/documents';
import type { StoreDb } from '../../src/store/store';
import { call, type CallOptions, type CallResult } from './http';
import { createAccount, type TestAccount } from './identity';
import { testConfig } from './test-config';

export interface TestApp {
  app: App;
  url: string;
  db: StoreDb;
  /** Routes registered under routes/ (those that declare config.auth), as "METHOD /url". */
  routes: string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any route; each test narrows it by its assertions
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  close(): Promise<void>;
}

export interface StartOptions {
  config?: Partial<Config>;
  now?: () => Date;
  /** Fastify's logger (default: none); e.g. `{ level: 'info', stream }` to read the audit lines. */
  logger?: FastifyServerOptions['logger'];
  /** Runs after plugins and routes are loaded, before listening (extra test-only routes). */
  beforeListen?: (app: App) => void | Promise<void>;
  /** Another test app's store: a second API process on the same database (its close leaves the store open). */
  sharedStore?: StoreDb;
}

/** Builds the whole app on a fresh memory store and listens on a random loopback port. */
let databaseCounter = 0;

/**
 * `npm run test:mongo` sets TEST_MONGODB_URI: the same suites then run on a real mongod, each
 * app in its own throwaway database.
 */
function backendConfig(): Partial<Config> {
  const uri = process.env.TEST_MONGODB_URI;
  if (!uri) return {};
  databaseCounter += 1;
  return { mongodbUri: uri, mongodbDb: `clube_test_${process.pid}_${databaseCounter}_${Date.now()}` };
}

export async function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const app = await buildApp({
    config: testConfig({ ...backendConfig(), ...options.config }),
    logger: options.logger ?? false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.sharedStore ? { sharedStore: options.sharedStore } : {}),
  });
  await options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('sem endereço');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    db: app.store,
    routes: [...new Set(app.apiRoutes.map((route) => `${route.method} ${route.url}`))],
    call: (method, path, callOptions) => call(url, method, path, callOptions),
    close: async () => {
      if (app.dataBackend === 'mongodb' && !options.sharedStore) await app.store.dropDatabase();
      await app.close();
    },
  };
}

export interface TestActor {
  account: TestAccount;
  token: string;
  /** The profile's _id as the API shows it. */
  id: string;
  profile: UserDocument;
}

/** An emulator account with a profile created through POST /v1/users (and a role, if asked). */
export async function createActor(testApp: TestApp, role: UserRole = 'USER', displayName?: string): Promise<TestActor> {
  const account = await createAccount(displayName ? { displayName } : {});
  const created = await testApp.call('POST', '/v1/users', { token: account.idToken, body: {} });
  if (created.status !== 201) throw new Error(`POST /v1/users respondeu ${created.status}: ${JSON.stringify(created.body)}`);
  const _id = new ObjectId(created.body._id as string);
  if (role !== 'USER') {
    await testApp.db.collection(COLLECTIONS.users).updateOne({ _id }, { $set: { role } });
    // Written past the repositories: tell the response cache (the sign-in check keeps profiles).
    testApp.app.responseCache.bump('users');
  }
  const profile = (await testApp.db.collection<UserDocument>(COLLECTIONS.users).findOne({ _id }))!;
  return { account, token: account.idToken, id: _id.toHexString(), profile };
}

export interface Actors {
  member: TestActor;
  otherMember: TestActor;
  admin: TestActor;
}

export async function createActors(testApp: TestApp): Promise<Actors> {
  const [member, otherMember, admin] = await Promise.all([
    createActor(testApp, 'USER'),
    createActor(testApp, 'USER'),
    createActor(testApp, 'ADMIN'),
  ]);
  return { member, otherMember, admin };
}

/** Every document of every collection, in a comparable form ("the data is unchanged"). */
export async function snapshotData(db: StoreDb): Promise<string> {
  // Read side by side and put in _id order here: on a real server (`npm run test:mongo`) each read
  // is a round trip, and FerretDB sorts slowly.
  const names = Object.values(COLLECTIONS);
  const contents = await Promise.all(names.map((name) => db.collection(name).find({}).toArray()));
  const byId = (a: { _id: unknown }, b: { _id: unknown }) => (String(a._id) < String(b._id) ? -1 : String(a._id) > String(b._id) ? 1 : 0);
  return BSON.EJSON.stringify(Object.fromEntries(names.map((name, index) => [name, contents[index]!.sort(byId)])), { relaxed: false });
}
