import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = path.resolve(__dirname, '..', '..', 'artifacts', 'screenshots');

/** Flags for Debian Chromium on a machine with no network beyond loopback. */
const FLAGS = ['--disable-blink-features=AutomationControlled', '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Headless Chromium announces itself as "HeadlessChrome" (and automation sets navigator.webdriver),
 * which analytics drop as a bot; the suite
 * presents the user agent of the same Chromium with a window, as a person's browser would.
 */
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** A fresh Chromium with its own empty profile. */
export async function openBrowser({ width = 1280, height = 800 } = {}): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'clube-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, args: FLAGS, viewport: { width, height }, locale: 'pt-BR', userAgent: USER_AGENT });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.warn(`[página] ${error.message}`));
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot under artifacts/screenshots (not committed) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * Waits until the app runs the page, not only the HTML's copy of it: the header shows the session's
 * buttons (the HTML's frame has none) and the page's first view painted by the server, when it had
 * one (issue 32), has handed over to the page's own elements. A click or a count of requests before
 * that would be about the server's markup (a plain link, no chunk asked for yet).
 */
export async function waitForApp(page: Page, timeout = 30000): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('.shell-header__user')?.childElementCount ?? 0) > 0 && document.querySelector('#conteudo[data-first-view], #conteudo [data-first-view]') === null, undefined, { timeout });
}
