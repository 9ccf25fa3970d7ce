// `npm run bench:first-view`: builds, starts the product as `npm start` does and measures, on a phone
// (412 × 823) with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), how long a page painted
// from the HTML (its first view, issue 32) stays only a picture of itself: from the first paint to
// the moment the app has taken over (the header shows the guest's buttons and the server's copy is
// gone; until then its forms are inert). Also the load event, when main.js starts, the long tasks
// (> 50 ms, their excess summed as TBT does) and the layout shifts, the median of the runs per page.
// Timing figures depend on the machine: not part of `npm test`.
//   --no-build        reuse the last production build
//   --runs N          runs per page (default 5)
// Ports: the usual variables (PORT, REMOTE_<NAME>_PORT, API_PORT), or all at once from
// BENCH_BASE_PORT=N as `npm run bench:interaction` takes them. Chromium from CHROMIUM_PATH.
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import frontends from './frontends.cjs';
import { buildFrontends } from './build.mjs';
import { portsFromBase, startProduct, stopProduct, waitFor } from './product-ports.mjs';

const { portOf } = frontends;
portsFromBase('BENCH_BASE_PORT', ['DEV_SMTP_PORT', 'DEV_INBOX_PORT']);

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PAGES = ['/autenticacao/login', '/planos', '/'];
const runsIndex = process.argv.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Number(process.argv[runsIndex + 1]) : 5;
const shellUrl = `http://localhost:${portOf('shell')}`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** One load of the page: times in ms from the navigation's start. */
async function once(browser, pathname) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const probe = { app: null, longTasks: 0, shifts: 0, load: null };
      Object.assign(window, { __firstViewProbe: probe });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) probe.longTasks += Math.max(0, entry.duration - 50);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) probe.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      addEventListener('load', () => (probe.load = performance.now()));
      // Each frame: has the app taken over? (as e2e/support/browser.ts waitForApp)
      const check = () => {
        const app = (document.querySelector('.shell-header__user')?.childElementCount ?? 0) > 0 && document.querySelector('#conteudo[data-first-view], #conteudo [data-first-view]') === null;
        if (app) probe.app = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    const response = await page.goto(`${shellUrl}${pathname}`, { waitUntil: 'load' });
    const painted = (await response?.text())?.includes('data-first-view') ?? false;
    await page.waitForFunction(() => window.__firstViewProbe.app !== null, undefined, { timeout: 60000 });
    await page.waitForTimeout(1000); // long tasks and shifts right after the hand-over
    const result = await page.evaluate(() => ({
      ...window.__firstViewProbe,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      main: performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/main.js'))?.startTime ?? NaN,
    }));
    return { ...result, painted };
  } finally {
    await context.close();
  }
}

let product = null;
let browser = null;
let exitCode = 0;
const rows = [];
const loads = [];
try {
  if (!process.argv.includes('--no-build')) await buildFrontends();
  product = startProduct();
  await waitFor(`${shellUrl}/`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  // The first request of each page loads its remote's renderer and the API's answers: not measured.
  for (const pathname of PAGES) await fetch(`${shellUrl}${pathname}`).then((response) => response.text());
  loads.push(load());
  for (const pathname of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await once(browser, pathname));
    rows.push([pathname, runs]);
  }
  loads.push(load());
} catch (error) {
  console.error(`\nA medida não concluiu: ${error.message ?? error}`);
  exitCode = 1;
} finally {
  if (rows.length) {
    const ms = (runs, of) => `${Math.round(median(runs.map(of)))} ms`;
    console.log(`\nPrimeira vista → app (CPU 4× mais lenta, 412 × 823), mediana de ${RUNS} — ${shellUrl}\n`);
    console.log('| Página | Com primeira vista | FCP | load | main.js | App assume | Só imagem (app − FCP) | Tarefas longas (> 50 ms) | CLS |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [pathname, runs] of rows) {
      const painted = runs.filter((run) => run.painted).length;
      const cls = median(runs.map((run) => run.shifts)).toFixed(3);
      console.log(`| \`${pathname}\` | ${painted}/${runs.length} | ${ms(runs, (r) => r.fcp)} | ${ms(runs, (r) => r.load)} | ${ms(runs, (r) => r.main)} | ${ms(runs, (r) => r.app)} | ${ms(runs, (r) => r.app - r.fcp)} | ${ms(runs, (r) => r.longTasks)} | ${cls} |`);
    }
  }
  if (loads.length) console.log(`\nCarga (uptime):\n  ${loads.join('\n  ')}`);
  await browser?.close().catch(() => undefined);
  await stopProduct(product);
  process.exit(exitCode);
}
