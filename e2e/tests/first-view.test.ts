import { copyFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, waitForApp } from '../support/browser';
import { Frontends, pageWhen } from '../support/frontends';
import { MEMBER, signInThroughPage } from '../support/session';

// Issue 32 item 2: the public pages are painted from the HTML (the owning remote's first-view
// renderer, run by the shell's server), before any script; the app then takes over without a blank,
// a skeleton or a shift; a remote without a working renderer falls back to the browser's render.
const ROOT = path.resolve(__dirname, '..', '..');
const RENDERER = path.join(ROOT, 'remote-catalog', 'dist', 'server', 'first-view.cjs');
const VIDEO = { slug: 'demonstracao-coleta-segura', title: 'Demonstração: coleta segura' };

/** Each public page and what a guest reads on it (its heading, and a piece of its API data). */
const PAGES = [
  { path: '/', heading: 'Bem-vindo ao Clube', shows: 'Novidades' },
  { path: '/videos', heading: 'Vídeos', shows: VIDEO.title },
  { path: `/videos/${VIDEO.slug}`, heading: VIDEO.title, shows: 'Preparação do material' },
  { path: '/conteudos', heading: 'Conteúdos', shows: 'Conteúdos' },
  { path: '/planos', heading: 'Planos', shows: 'Mensal' },
  { path: '/autenticacao/login', heading: 'Entrar', shows: 'E-mail' },
];

const frontends = new Frontends();
let browser: Browser;

beforeAll(async () => {
  await frontends.startAll();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
});

afterAll(async () => {
  await browser?.close();
  await frontends.stopAll();
});

/** The page as the shell's server sends it with the page's first view (pageWhen: a request may go without it). */
async function firstViewHtml(pathname: string): Promise<string> {
  const painted = `data-first-view="${pathname}"`;
  const html = await pageWhen(`${frontends.shellUrl}${pathname}`, (page) => page.includes(painted));
  expect(html).toContain(painted);
  return html;
}

/**
 * Opens the page once the server paints its first view (firstViewHtml): from then on it has the
 * page's answers and its render at hand (kept for the next requests), and the browser's document
 * carries it too.
 */
async function openFirstView(page: Page, pathname: string, waitUntil: 'load' | 'domcontentloaded'): Promise<void> {
  await firstViewHtml(pathname);
  const response = await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil });
  expect(await response?.text()).toContain(`data-first-view="${pathname}"`);
}

describe('the first view in the HTML', () => {
  it.each(PAGES)('When $path is opened with JavaScript switched off, then a guest already reads its heading and content', async ({ path: pathname, heading, shows }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      await openFirstView(page, pathname, 'load');
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.locator('#conteudo').getByText(shows, { exact: false }).first().isVisible()).resolves.toBe(true);
      expect(await page.locator('[role="status"]:has-text("Carregando a página")').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('When the home page loads on a slow phone, then from the first frame to the end its heading is on screen (no blank, no skeleton), nothing moves and nothing in the server picture animates', async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    try {
      const page: Page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const record = { shifts: [] as string[], framesWithoutHeading: 0, frames: 0, firstFrameHadHeading: false, firstViewAnimations: 0 };
        Object.assign(window, { __firstView: record });
        new PerformanceObserver((list) => {
          const rect = (box: DOMRectReadOnly) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> }>) {
            if (entry.hadRecentInput) continue;
            // What moved, from where to where, for the failure message.
            const nodes = (entry.sources ?? []).map((source) => `${source.node instanceof Element ? `${source.node.tagName.toLowerCase()}.${source.node.className}` : String(source.node?.nodeName)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`);
            record.shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Every frame the page paints once its HTML is parsed: is the page's heading visible in it?
        const check = () => {
          record.frames += 1;
          const heading = document.querySelector('#conteudo h1') as HTMLElement | null;
          const visible = heading !== null && heading.offsetParent !== null;
          if (record.frames === 1) record.firstFrameHadHeading = visible;
          if (!visible) record.framesWithoutHeading += 1;
          // The server's picture of the page animates nothing (its placeholders stand still).
          const animating = document.getAnimations().filter((animation) => animation.effect instanceof KeyframeEffect && animation.effect.target?.closest('[data-first-view]')).length;
          record.firstViewAnimations = Math.max(record.firstViewAnimations, animating);
          if (record.frames < 600) requestAnimationFrame(check);
        };
        document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(check));
      });
      await openFirstView(page, '/', 'load');
      // The app has taken over: the header shows the guest's buttons and the server's copy is gone.
      await page.getByRole('banner').getByRole('link', { name: 'Criar conta' }).waitFor({ timeout: 30000 });
      await waitForApp(page);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const record = await page.evaluate(() => (window as unknown as { __firstView: { shifts: string[]; framesWithoutHeading: number; frames: number; firstFrameHadHeading: boolean; firstViewAnimations: number } }).__firstView);
      expect(record.frames).toBeGreaterThan(2);
      expect(record.firstFrameHadHeading).toBe(true);
      expect(record.framesWithoutHeading).toBe(0);
      expect(record.shifts).toEqual([]);
      expect(record.firstViewAnimations).toBe(0);
      // The page is the app's now: a click on the banner's next button changes the slide.
      await page.getByRole('button', { name: 'Destaque 2: Assine e ganhe créditos todo mês' }).click();
      // "2 de N": other files (admin.test) add banners before this one runs.
      await page.getByRole('group', { name: /^2 de \d+$/ }).waitFor({ timeout: 10000 });
    } finally {
      await context.close();
    }
  });

  it('When the login page arrives, then its form is shown but inert until the app takes over, and a person who starts typing at once signs in with what they typed', async () => {
    const html = await firstViewHtml('/autenticacao/login');
    expect(html).toMatch(/<form inert[^>]*>[\s\S]*<label[^>]*>E-mail/);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await openFirstView(page, '/autenticacao/login', 'domcontentloaded');
      await signInThroughPage(page, frontends.shellUrl, MEMBER);
    } finally {
      await context.close();
    }
  });

  it('When the catalog has no renderer, or one that throws, then its pages are served as before and the browser renders them', async () => {
    const saved = `${RENDERER}.saved`;
    expect(existsSync(RENDERER)).toBe(true);
    copyFileSync(RENDERER, saved);
    const context = await browser.newContext();
    try {
      for (const broken of ['missing', 'throws'] as const) {
        if (broken === 'missing') rmSync(RENDERER);
        else writeFileSync(RENDERER, "exports.render = async () => { throw new Error('renderer quebrado'); };");
        const html = await (await fetch(`${frontends.shellUrl}/planos`)).text();
        // No element marked as the server's first view (the shell's CSS names the attribute in a selector).
        expect(html).not.toMatch(/<[a-z]+\s[^>]*data-first-view[\s=>]/);
        expect(html).toContain('"/v1/plans"'); // its reads are still embedded for the browser's render
        const page = await context.newPage();
        await page.goto(`${frontends.shellUrl}/planos`, { waitUntil: 'domcontentloaded' });
        await page.getByRole('heading', { level: 1, name: 'Planos', exact: true }).waitFor({ timeout: 30000 });
        await page.getByText('Mensal').first().waitFor({ timeout: 15000 });
        await page.close();
      }
    } finally {
      await context.close();
      copyFileSync(saved, RENDERER);
      rmSync(saved);
    }
    // The renderer put back is used again.
    await firstViewHtml('/planos');
  });
});
