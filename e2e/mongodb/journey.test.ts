import type { Page } from 'playwright-core';
import { api, idTokenFor, signUpThroughPage } from '../support/account';
import { openBrowser, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { mongoClient, mongodbDb } from '../support/stack';

// The main journey once with the API on a MongoDB-protocol server (the production path: MONGODB_URI),
// not on the embedded store: a visitor signs up, subscribes, pays the PIX and watches a subscribers'
// video. Run by `npm run test:browser:mongo` (FerretDB 1.24 unless E2E_MONGODB_URI names a server).

const frontends = new Frontends();
let session: BrowserSession;
let page: Page;
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const member = { name: `Renata Mongo ${unique}`, email: `renata.${unique}@lab.test`, password: 'Segura#2026' };
const VIDEO = { slug: 'calibracao-de-pipetas-na-bancada', title: 'Calibração de pipetas na bancada' };

async function open(pathname: string): Promise<void> {
  await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
}

async function heading(name: string, level = 1): Promise<void> {
  await page.getByRole('heading', { level, name, exact: true }).waitFor({ timeout: 20000 });
}

/** Every API answer of 500 or more the pages got (none is expected: the server must run every query). */
const serverErrors: string[] = [];

beforeAll(async () => {
  await frontends.startAll();
  session = await openBrowser();
  page = session.page;
  page.on('response', (response) => {
    if (response.url().includes('/v1/') && response.status() >= 500) serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
});

afterAll(async () => {
  await session?.close();
  await frontends.stopAll();
});

describe('the main journey with the API on a MongoDB-protocol server', () => {
  it('When a visitor signs up, subscribes to Mensal and pays the PIX, then a subscribers’ video plays, its progress is kept, and the data is in the MongoDB database', async () => {
    await signUpThroughPage(page, frontends.shellUrl, member, 'Laboratório Mongo');

    await open('/planos');
    await page.getByRole('link', { name: 'Assinar Mensal', exact: true }).click();
    await heading('Assinar plano');
    await page.getByRole('heading', { name: 'Plano Mensal' }).waitFor();
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await page.getByLabel('PIX copia e cola').waitFor();

    // The bank pays: the stand-in PSP concludes the charge and posts its API Pix callback to the API.
    const { idToken, localId } = await idTokenFor(member.email, member.password);
    const profile = await api<{ _id: string; subscription: string }>('GET', `/users/provider/${localId}`, idToken);
    const pix = await api<{ invoiceId: string }>('GET', `/subscriptions/${profile.body.subscription}/pixQRCode`, idToken);
    expect(pix.status).toBe(200);
    expect((await api('POST', `/sandbox/invoices/${pix.body.invoiceId}/pay`, idToken)).status).toBe(200);
    await heading('Boas-vindas ao Clube!', 2);

    await open(`/videos/${VIDEO.slug}`);
    await heading(VIDEO.title);
    const video = page.locator('video');
    await video.waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, { timeout: 15000 });
    await video.focus();
    const started = page.waitForResponse((response) => response.url().includes('/v1/me/progress/videos/') && response.request().method() === 'PUT');
    await page.keyboard.press('k'); // the player's own shortcut: play
    expect((await started).status()).toBe(200);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 2, undefined, { timeout: 15000 });
    const paused = page.waitForResponse((response) => response.url().includes('/v1/me/progress/videos/') && response.request().method() === 'PUT');
    await page.keyboard.press('k'); // pause: reported at once
    expect((await paused).status()).toBe(200);

    await open('/');
    const row = page.getByRole('region', { name: 'Continuar assistindo' });
    await row.getByRole('heading', { level: 3, name: VIDEO.title }).waitFor();

    expect(serverErrors).toEqual([]);

    // What the API wrote is in the server's database, not in an embedded store.
    const client = await mongoClient();
    try {
      const db = client.db(mongodbDb());
      const user = await db.collection('users').findOne({ email: member.email });
      expect(user).toMatchObject({ name: member.name, hasActiveSubscription: true });
      expect(String(user!._id)).toBe(profile.body._id);
      expect(await db.collection('subscriptions').countDocuments({ userId: user!._id, status: 'ACTIVE' })).toBe(1);
      expect(await db.collection('invoices').countDocuments({ userId: user!._id, status: 'PAID' })).toBe(1);
      expect(await db.collection('videoProgress').countDocuments({ userId: user!._id })).toBe(1);
    } finally {
      await client.close();
    }
  });
});
