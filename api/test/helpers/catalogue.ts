import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { COLLECTIONS } from './collections';
import type { App } from '../../src/app';
import { createActor, createActors, startTestApp, type Actors, type TestActor, type TestApp } from './app';

export const ASSETS_DIR = path.resolve(__dirname, '..', '..', 'assets', 'demo');
export const DEMO_VIDEO_KEY = 'videos/demo-coleta-segura.mp4';
export const DEMO_PDF_KEY = 'documents/demo-checklist-coleta.pdf';
export const DEMO_IMAGE_KEY = 'images/demo-capa-qualidade.png';

export const assetBytes = (name: string) => readFile(path.join(ASSETS_DIR, name));

/** Puts the demo video, PDF and image into the app's storage under their demo keys. */
export async function storeDemoFiles(app: App): Promise<void> {
  const { Readable } = await import('node:stream');
  for (const key of [DEMO_VIDEO_KEY, DEMO_PDF_KEY, DEMO_IMAGE_KEY]) {
    if (await app.fileStorage.stat(key)) continue;
    await app.fileStorage.write(key, Readable.from(await assetBytes(path.basename(key))), 'application/octet-stream');
  }
}

/**
 * The "subscriber" persona, written straight into the data as billing would leave it: an ACTIVE
 * subscription (PRODUCT.md §4 fields), `hasActiveSubscription: true` and a credit balance.
 */
export async function makeSubscriber(testApp: TestApp, actor: TestActor, credits = 0, now = new Date()): Promise<void> {
  const userId = new ObjectId(actor.id);
  const subscriptionId = new ObjectId();
  await testApp.db.collection(COLLECTIONS.subscriptions).insertOne({
    _id: subscriptionId,
    userId,
    planId: new ObjectId(),
    externalPlanId: 'plano-teste',
    externalId: `sub_${subscriptionId.toHexString()}`,
    status: 'ACTIVE',
    isOpen: true,
    paymentMethod: 'PIX',
    startDate: now,
    endDate: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
    cancelRequest: null,
    canceledAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await testApp.db
    .collection(COLLECTIONS.users)
    .updateOne({ _id: userId }, { $set: { subscription: subscriptionId, hasActiveSubscription: true, 'credits.balance': credits } });
  // Written past the repositories: tell the response cache, as billing's own writes do.
  testApp.app.responseCache.bump('members');
}

export async function setCredits(testApp: TestApp, actor: TestActor, balance: number, used = 0): Promise<void> {
  await testApp.db.collection(COLLECTIONS.users).updateOne({ _id: new ObjectId(actor.id) }, { $set: { credits: { balance, used } } });
  testApp.app.responseCache.bumpMember(actor.id);
}

export async function creditsOf(testApp: TestApp, actor: TestActor): Promise<{ balance: number; used: number }> {
  const user = await testApp.db.collection(COLLECTIONS.users).findOne({ _id: new ObjectId(actor.id) });
  return user!.credits as { balance: number; used: number };
}

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++sequence}`;

/** What fixtures read back from the API (only text fields are looked at). */
export interface ApiItem {
  _id: string;
  slug: string;
  title: string;
  [field: string]: string;
}

/** Admin calls that must succeed, for fixtures. */
export async function adminCreate<T = ApiItem>(testApp: TestApp, admin: TestActor, path: string, body: unknown): Promise<T> {
  const result = await testApp.call('POST', path, { token: admin.token, body });
  if (result.status !== 201) throw new Error(`POST ${path} respondeu ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body as T;
}

export const createCategory = (testApp: TestApp, admin: TestActor, overrides: Record<string, unknown> = {}) =>
  adminCreate(testApp, admin, '/v1/categories', { name: `Categoria ${unique('c')}`, ...overrides });

export function contentBody(categoryId: string, overrides: Record<string, unknown> = {}) {
  const access = (overrides.access as string | undefined) ?? 'FREE';
  return {
    title: `Conteúdo ${unique('t')}`,
    summary: 'Resumo visível no cartão.',
    body: `CORPO-SECRETO-${unique('b')}`,
    categoryId,
    attachments: [{ name: 'Checklist', key: DEMO_PDF_KEY }],
    access,
    ...(access === 'CREDITS' ? { creditCost: 2 } : {}),
    status: 'PUBLISHED',
    ...overrides,
  };
}

export function videoBody(categoryId: string, overrides: Record<string, unknown> = {}) {
  const access = (overrides.access as string | undefined) ?? 'FREE';
  return {
    title: `Vídeo ${unique('v')}`,
    description: 'Descrição visível no cartão.',
    source: { kind: 'file', url: DEMO_VIDEO_KEY },
    durationSeconds: 8,
    categoryId,
    access,
    ...(access === 'CREDITS' ? { creditCost: 2 } : {}),
    status: 'PUBLISHED',
    ...overrides,
  };
}

export const createContent = (testApp: TestApp, admin: TestActor, categoryId: string, overrides: Record<string, unknown> = {}) =>
  adminCreate(testApp, admin, '/v1/contents', contentBody(categoryId, overrides));

export const createVideo = (testApp: TestApp, admin: TestActor, categoryId: string, overrides: Record<string, unknown> = {}) =>
  adminCreate(testApp, admin, '/v1/videos', videoBody(categoryId, overrides));

/** A multipart body with one file in the field "file". */
export function fileForm(bytes: Buffer, filename: string, contentType = 'application/octet-stream', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type: contentType }), filename);
  return form;
}

/** One app for a describe block: the demo files, the usual actors, two more members, a category and one published video. */
export interface CatalogueFixture {
  testApp: TestApp;
  actors: Actors;
  members: [TestActor, TestActor];
  categoryId: string;
  video: ApiItem;
}

export function catalogueFixture(videoOverrides: Record<string, unknown> = {}): CatalogueFixture {
  const fixture = {} as CatalogueFixture;
  beforeAll(async () => {
    fixture.testApp = await startTestApp();
    await storeDemoFiles(fixture.testApp.app);
    fixture.actors = await createActors(fixture.testApp);
    fixture.members = [await createActor(fixture.testApp), await createActor(fixture.testApp)];
    fixture.categoryId = (await createCategory(fixture.testApp, fixture.actors.admin))._id;
    fixture.video = await createVideo(fixture.testApp, fixture.actors.admin, fixture.categoryId, videoOverrides);
  });
  afterAll(() => fixture.testApp.close());
  return fixture;
}
