import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { MEMBER, signInThroughPage } from '../support/session';

const frontends = new Frontends();
let session: BrowserSession;
let page: Page;

/** A second seeded member (api/src/seed/demo-users.ts), onboarding done. */
const OTHER_MEMBER = { email: 'bruno.carvalho@clube.local', password: 'Clube#Demo2026' };

beforeAll(async () => {
  await frontends.startAll();
});

beforeEach(async () => {
  session = await openBrowser();
  page = session.page;
});

afterEach(async () => {
  await session.close();
});

afterAll(async () => {
  await frontends.stopAll();
});

/** Starts recording, in the page, every moment any of `needles` is on screen (text or form values). */
async function watchFor(needles: string[]): Promise<void> {
  await page.evaluate((words) => {
    const w = window as unknown as { __seen: string[] };
    w.__seen = [];
    const check = () => {
      const text = `${document.body.innerText} ${Array.from(document.querySelectorAll('input, textarea'), (el) => (el as HTMLInputElement).value).join(' ')}`;
      for (const word of words) if (text.includes(word) && !w.__seen.includes(word)) w.__seen.push(word);
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    check();
  }, needles);
}

const seen = () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);

describe('per-user cache on a shared computer', () => {
  it('When a member logs out and another signs in in the same tab, then nothing of the first member is shown', async () => {
    // The per-user query: the signed-in profile (['me']), shown in the header and by the pages.
    const profiles: string[] = [];
    page.on('response', (response) => {
      if (/\/v1\/users\/provider\//.test(response.url()) && response.request().method() === 'GET') profiles.push(response.url());
    });
    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    await page.getByRole('link', { name: 'Marina' }).waitFor({ timeout: 15000 });
    expect(profiles.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('heading', { level: 1, name: 'Entrar', exact: true }).waitFor({ timeout: 15000 });
    // Same tab, no reload from here on: the app's memory (and its query cache) lives on.
    await watchFor(['Marina', MEMBER.email]);
    const before = profiles.length;

    await signInThroughPage(page, frontends.shellUrl, OTHER_MEMBER);
    await page.getByRole('link', { name: 'Bruno' }).waitFor({ timeout: 15000 });
    await page.waitForTimeout(500);
    await screenshot(page, 'per-user-cache-second-member-1280');

    expect(profiles.length).toBeGreaterThan(before); // Bruno's profile came from the API, not from the cache
    expect(await seen()).toEqual([]);
  });
});
