import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { MEMBER, signInThroughPage } from '../support/session';

// Issue 25, item 1: a paying member who opens a subscribers' page cold (a new tab, a link, a reload)
// is never shown the guest paywall: the gated read waits for the session Firebase restores.

const frontends = new Frontends();
let session: BrowserSession;

/** Subscribers-only pages of the demo catalogue (api/src/seed/demo-catalogue.ts). */
const GATED = [
  { path: '/videos/calibracao-de-pipetas-na-bancada', title: 'Calibração de pipetas na bancada', opened: 'video' },
  { path: '/conteudos/regras-de-westgard-explicadas', title: 'Regras de Westgard explicadas', opened: 'article' },
] as const;
const COLD_STARTS = 6;
const PAYWALL = 'Exclusivo para assinantes';
/**
 * How much later than the page the Firebase SDK and its session check arrive, one value per cold
 * start: on a phone the SDK (the largest chunk) and the account lookup Firebase makes before it
 * restores the session often come after the page's own first call.
 */
const SDK_DELAYS_MS = [0, 300, 800, 150, 600, 1200];

beforeAll(async () => {
  await frontends.startAll();
  session = await openBrowser();
  await signInThroughPage(session.page, frontends.shellUrl, MEMBER);
});

afterAll(async () => {
  await session?.close();
  await frontends.stopAll();
});

/** Records, from the first script on, every moment the paywall's words are on screen. */
async function watchForPaywall(page: Page): Promise<void> {
  await page.addInitScript((words) => {
    const w = window as unknown as { __paywallSeen: boolean };
    w.__paywallSeen = false;
    const check = () => {
      if (document.body?.innerText.includes(words)) w.__paywallSeen = true;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  }, PAYWALL);
}

const paywallSeen = (page: Page) => page.evaluate(() => (window as unknown as { __paywallSeen: boolean }).__paywallSeen);

describe('gated pages opened cold by a subscriber', () => {
  it(`When a signed-in subscriber opens subscribers' pages in ${COLD_STARTS} new tabs and reloads them, then the paywall never shows and the item opens`, async () => {
    const seen: string[] = [];
    for (let start = 1; start <= COLD_STARTS; start += 1) {
      const gated = GATED[start % GATED.length]!;
      // A new tab of the same browser: the session is only in IndexedDB, nothing in memory.
      const page = await session.context.newPage();
      await watchForPaywall(page);
      const delay = SDK_DELAYS_MS[(start - 1) % SDK_DELAYS_MS.length]!;
      await page.route(/\/firebase(-sdk)?\.[0-9a-f]{8}\.js$|accounts:lookup/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        await route.continue();
      });
      for (const load of ['new tab', 'reload'] as const) {
        if (load === 'new tab') await page.goto(`${frontends.shellUrl}${gated.path}`, { waitUntil: 'domcontentloaded' });
        else await page.reload({ waitUntil: 'domcontentloaded' });
        await page.getByRole('heading', { level: 1, name: gated.title }).waitFor({ timeout: 20000 });
        await page.getByRole('button', { name: 'Sair', exact: true }).waitFor({ timeout: 15000 });
        const opened = gated.opened === 'video' ? page.locator('video') : page.getByRole('article', { name: 'Conteúdo' });
        // Whichever comes: the item, or the paywall that must never show.
        await opened.or(page.getByRole('heading', { level: 2, name: PAYWALL })).first().waitFor({ timeout: 15000 });
        if (await paywallSeen(page)) {
          seen.push(`${load} ${start}: ${gated.path}`);
          await screenshot(page, `gated-cold-start-${start}-${load.replace(' ', '-')}`);
        }
      }
      await page.close();
    }
    expect(seen).toEqual([]);
  });
});
