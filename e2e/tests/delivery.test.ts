import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser, waitForApp, type BrowserSession } from '../support/browser';
import { E2E_PORTS } from '../support/env';
import { Frontends, pageWhen } from '../support/frontends';
import { deployChangedRemote, deployRemote } from '../support/redeploy';

// Issue 15: how the `npm start` servers deliver the frontends, and a remote redeployed under an open tab.
const ROOT = path.resolve(__dirname, '..', '..');
const CATALOG_DIST = path.join(ROOT, 'remote-catalog', 'dist');
const UNAVAILABLE = 'Esta área está indisponível no momento';

const frontends = new Frontends();
let session: BrowserSession;
let page: Page;

const catalogPreload = () =>
  JSON.parse(readFileSync(path.join(CATALOG_DIST, 'preload.json'), 'utf8')) as { entry: string; scripts: string[]; pages: Array<{ path: string; scripts: string[] }> };
const pageScripts = (routePath: string) => catalogPreload().pages.find((page) => page.path === routePath)?.scripts ?? [];

async function expectHeading(name: string, timeout = 15000): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout });
}

beforeAll(async () => {
  await frontends.startAll();
  session = await openBrowser();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
  await frontends.stopAll();
});

describe('production-grade delivery', () => {
  it("When the shell's main script is asked for with Accept-Encoding: br, then the brotli file is sent, varying by encoding", async () => {
    const response = await fetch(`${frontends.shellUrl}/main.js`, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBeTruthy();
  });

  it("When a catalog page is opened, then its HTML carries the config, the preloads of the catalog's entry, first route and that page's chunk, and a preconnect, and the page asks for neither /config.json nor /remotes.json", async () => {
    const html = await (await fetch(`${frontends.shellUrl}/videos`)).text();
    const remoteOrigin = `http://localhost:${E2E_PORTS.catalog}`;
    // A page without a first view preloads them in its head; one with a first view (issue 32, as
    // /videos) lists them in window.__CLUBE__.preloadLater, preloaded once that view is painted.
    const preloaded = (page: string) => [
      ...[...page.matchAll(/<link rel="preload" as="script" href="([^"]+)" fetchpriority="low">/g)].map((match) => match[1]),
      ...((JSON.parse(/window\.__CLUBE__=(.*?)<\/script>/.exec(page)?.[1] ?? '{}') as { preloadLater?: string[] }).preloadLater ?? []),
    ];
    const preload = (file: string) => `${remoteOrigin}/${file}`;
    expect(html).toContain('window.__CLUBE__=');
    expect(preloaded(html)).toContain(preload('remoteEntry.js'));
    for (const file of catalogPreload().scripts) expect(preloaded(html)).toContain(preload(file));
    // The page chunk of /videos, not that of /videos/:slug.
    expect(pageScripts('/videos')).not.toEqual([]);
    for (const file of pageScripts('/videos')) expect(preloaded(html)).toContain(preload(file));
    for (const file of pageScripts('/videos/:slug').filter((file) => !pageScripts('/videos').includes(file))) expect(preloaded(html)).not.toContain(preload(file));
    expect(html).toContain(`<link rel="preconnect" href="http://localhost:${E2E_PORTS.api}" crossorigin>`);
    const videoHtml = await (await fetch(`${frontends.shellUrl}/videos/qualquer-video`)).text();
    for (const file of pageScripts('/videos/:slug')) expect(preloaded(videoHtml)).toContain(preload(file));

    const asked: string[] = [];
    const listener = (request: { url(): string }) => asked.push(new URL(request.url()).pathname);
    page.on('request', listener);
    try {
      await page.goto(`${frontends.shellUrl}/videos`, { waitUntil: 'domcontentloaded' });
      await expectHeading('Vídeos');
      // The heading is in the HTML already (its first view): the chunks are counted once the app runs the page.
      await waitForApp(page);
    } finally {
      page.off('request', listener);
    }
    expect(asked).not.toContain('/config.json');
    expect(asked).not.toContain('/remotes.json');
    // The preloaded page chunk is the one the page runs: fetched once, not a second time by webpack.
    for (const file of pageScripts('/videos')) expect(asked.filter((pathname) => pathname === `/${file}`)).toHaveLength(1);
  });

  it("When a guest opens the home page, then its first reads (and the first category's row, read from the categories' answer) come inside the HTML with the first banner's image preloaded, and the page shows them without asking the API", async () => {
    const first = ['/v1/banners?limit=10', '/v1/categories?limit=100', '/v1/contents?limit=4&sort=newest', '/v1/videos?limit=4&sort=newest'];
    const inlinedOf = (page: string) => JSON.parse(/window\.__CLUBE__=(.*?)<\/script>/.exec(page)?.[1] ?? '{}') as { data?: Record<string, { data: Array<{ _id?: string; title?: string; imageUrl?: string }> }> };
    // An answer slower than the server's deadline (a cold API on a busy machine) is left out of that page and kept for the next.
    const html = await pageWhen(`${frontends.shellUrl}/`, (page) => Object.keys(inlinedOf(page).data ?? {}).length === first.length + 1);
    const inlined = inlinedOf(html);
    const firstCategory = inlined.data?.['/v1/categories?limit=100']?.data[0]?._id;
    expect(firstCategory).toBeTruthy();
    const declared = [...first, `/v1/videos?categoryId=${firstCategory}&limit=6`].sort();
    expect(Object.keys(inlined.data ?? {}).sort()).toEqual(declared);
    const [banner] = inlined.data?.['/v1/banners?limit=10']?.data ?? [];
    expect(banner?.imageUrl).toBeTruthy();
    expect(html).toContain(`<link rel="preload" as="image" href="${banner?.imageUrl}" fetchpriority="high">`);

    const calls: string[] = [];
    const listener = (request: { url(): string; resourceType(): string }) => {
      if (['fetch', 'xhr'].includes(request.resourceType())) calls.push(request.url());
    };
    page.on('request', listener);
    try {
      await page.goto(`${frontends.shellUrl}/`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('img', { name: banner?.title }).first().waitFor({ timeout: 15000 });
      await page.getByRole('heading', { level: 2, name: 'Novidades' }).waitFor({ timeout: 15000 });
      // Both are in the HTML's first view already: the calls are counted once the app shows the page.
      await waitForApp(page);
    } finally {
      page.off('request', listener);
    }
    const apiCalls = calls.map((url) => new URL(url)).filter((url) => url.port === String(E2E_PORTS.api));
    for (const read of declared) expect(apiCalls.map((url) => `${url.pathname}${url.search}`)).not.toContain(read);
  });

  it.each([
    { width: 1280, height: 800 },
    // A phone: the person's buttons share the first row with the brand and 'Menu', and 'Criar conta' wraps there.
    { width: 360, height: 740 },
  ])('Before any script runs, the HTML already paints the header, where and as large as the app then draws it with the guest\'s buttons ($width px)', async (viewport) => {
    const tab = await session.context.newPage();
    try {
      await tab.setViewportSize(viewport);
      const boxes = async () => ({
        header: await tab.getByRole('banner').boundingBox(),
        brand: await tab.getByRole('link', { name: 'Clube — início' }).boundingBox(),
        search: await tab.getByRole('search', { name: 'Buscar no Clube' }).boundingBox(),
      });
      const blockApp = (route: { abort(): Promise<void> }) => route.abort();
      // The app never starts: what shows is the HTML alone. Blocked until the frame is measured: a
      // first-view page asks for main.js only once its first paint is on screen, which may come after
      // the header is found.
      await tab.route('**/main.js', blockApp);
      let frame: Awaited<ReturnType<typeof boxes>>;
      try {
        await tab.goto(`${frontends.shellUrl}/planos`, { waitUntil: 'domcontentloaded' });
        await tab.getByRole('link', { name: 'Clube — início' }).waitFor({ timeout: 5000 });
        await tab.getByRole('button', { name: 'Menu' }).or(tab.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Planos' })).first().waitFor({ timeout: 5000 });
        frame = await boxes();
      } finally {
        await tab.unroute('**/main.js', blockApp);
      }
      expect(frame.header?.height).toBeGreaterThan(40);
      await tab.goto(`${frontends.shellUrl}/planos`, { waitUntil: 'domcontentloaded' });
      await tab.getByRole('banner').getByRole('link', { name: 'Criar conta' }).waitFor({ timeout: 30000 });
      await waitForApp(tab);
      expect(await boxes()).toEqual(frame);
    } finally {
      await tab.close();
    }
  });
});

describe('the API through the shell\'s origin (SHELL_API_PROXY=1)', () => {
  it("When the shell's server forwards /v1, then a page's API calls go to the shell's own origin (no cross-origin call, no preflight) and the page shows the API's data", async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { serveFrontend } = require('../../scripts/serve-static.cjs') as { serveFrontend(name: string, env: NodeJS.ProcessEnv): Promise<{ url: string; close(): Promise<void> }> };
    const port = E2E_PORTS.shell + 9;
    const shell = await serveFrontend('shell', { ...process.env, PORT: String(port), SHELL_API_PROXY: '1' });
    const origin = `http://localhost:${port}`;
    const asked: string[] = [];
    // API calls (fetch/XHR, with the token) are what a preflight slows down; file links (images) are
    // plain GETs whose address the API writes (PUBLIC_API_URL), so they are not counted here.
    const listener = (request: { url(): string; method(): string; resourceType(): string }) => {
      if (['fetch', 'xhr', 'preflight'].includes(request.resourceType()) || request.method() === 'OPTIONS') asked.push(`${request.method()} ${request.url()}`);
    };
    page.on('request', listener);
    try {
      // A search: its reads depend on the query, so none come embedded in the HTML (the page calls the API).
      await page.goto(`${origin}/busca?q=coleta`, { waitUntil: 'domcontentloaded' });
      await expectHeading('Busca');
      await page.getByRole('link', { name: /coleta segura/i }).first().waitFor({ timeout: 15000 });
    } finally {
      page.off('request', listener);
      await shell.close();
    }
    expect(asked).toContainEqual(expect.stringMatching(new RegExp(`^GET ${origin}/v1/search`)));
    expect(asked.filter((request) => request.includes(`:${E2E_PORTS.api}/`) || request.startsWith('OPTIONS '))).toEqual([]);
  });
});

describe('first paint without layout shift', () => {
  it('When the login page loads on a slow phone, then nothing already on screen moves while the session check, the header buttons and the form arrive', async () => {
    const phone = await session.context.newPage();
    try {
      await phone.setViewportSize({ width: 412, height: 823 });
      const cdp = await session.context.newCDPSession(phone);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // Every layout shift of the page, with what moved (what Lighthouse adds up as CLS).
      await phone.addInitScript(() => {
        const shifts: string[] = [];
        Object.assign(window, { __layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
            if (entry.hadRecentInput) continue;
            const nodes = (entry.sources ?? []).map((source) => (source.node instanceof Element ? `${source.node.tagName.toLowerCase()}.${source.node.className}` : String(source.node?.nodeName)));
            shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await phone.goto(`${frontends.shellUrl}/autenticacao/login`, { waitUntil: 'domcontentloaded' });
      await phone.getByLabel('E-mail').waitFor({ timeout: 30000 });
      await phone.getByRole('banner').getByRole('link', { name: 'Criar conta' }).waitFor({ timeout: 30000 });
      // The form above is the HTML's first view: the shifts are read once the app's own has taken its place.
      await waitForApp(phone);
      // Two frames, so a shift caused by the last render is reported.
      await phone.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await phone.evaluate(() => (window as unknown as { __layoutShifts: string[] }).__layoutShifts)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('a remote redeployed under an open tab', () => {
  it('When remote-catalog is rebuilt and redeployed while a catalog page is open, then navigating in that tab to another catalog route renders it, with no error area', async () => {
    const changed = `Bem-vindo ao Clube, versão ${Date.now()}`;
    await page.goto(`${frontends.shellUrl}/`, { waitUntil: 'domcontentloaded' });
    await expectHeading('Bem-vindo ao Clube');
    // The tab runs this build (the heading above is the HTML's first view, there before any script).
    await waitForApp(page);
    // The build this tab runs is the newest in dist/builds.json (newest last); older ones may be
    // pruned by this redeploy when other suites rebuilt the catalog first (3 builds are kept).
    const builds = JSON.parse(readFileSync(path.join(CATALOG_DIST, 'builds.json'), 'utf8')) as string[][];
    const before = (builds.at(-1) ?? []).filter((file) => file.endsWith('.js'));
    expect(before).not.toEqual([]);
    try {
      // A text no earlier build had (the federation suite and earlier runs leave their builds' chunks deployed),
      // built from a copy of the package: the working tree is never changed.
      // In place: the running server picks the new files up; nothing is restarted.
      await deployChangedRemote('catalog', { file: 'src/home/home-page.tsx', from: 'Bem-vindo ao Clube', to: changed });
      // The changed home page is a new chunk…
      expect(readdirSync(CATALOG_DIST).filter((file) => file.endsWith('.js') && !before.includes(file))).not.toEqual([]);
      // …and the previous build's chunks are still deployed, for tabs like this one.
      for (const file of before) expect(existsSync(path.join(CATALOG_DIST, file))).toBe(true);

      await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Vídeos' }).click();
      await expectHeading('Vídeos');
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Planos' }).click();
      await expectHeading('Planos');
      expect(await page.getByText(UNAVAILABLE).count()).toBe(0);

      // A new page load gets the new build.
      await page.goto(`${frontends.shellUrl}/`, { waitUntil: 'domcontentloaded' });
      await expectHeading(changed);
    } finally {
      await deployRemote('catalog');
    }
  });

  it("When a remote's chunk fails to load once, then the area reloads that remote's entry by itself and the page renders, with no error area", async () => {
    const [chunk] = catalogPreload().scripts;
    expect(chunk).toBeTruthy();
    let refused = 0;
    await page.route(`**/${chunk}`, (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Não encontrado' });
    });
    try {
      // A page of another remote first, so the catalog's chunk is fetched by the navigation, not by a preload.
      await page.goto(`${frontends.shellUrl}/autenticacao/login`, { waitUntil: 'domcontentloaded' });
      await page.getByLabel('E-mail').waitFor({ timeout: 15000 });
      // The form is in the HTML already: before the app runs, the header's link would load a new page.
      await waitForApp(page);
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Vídeos' }).click();
      await expectHeading('Vídeos');
      expect(refused).toBe(1);
      expect(await page.getByText(UNAVAILABLE).count()).toBe(0);
    } finally {
      await page.unroute(`**/${chunk}`);
    }
  });
});
