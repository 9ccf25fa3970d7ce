// `npm run lighthouse`: builds, starts the product as `npm start` does and runs Lighthouse (mobile,
// simulated throttling) 3 times on each public page (and the newest video's page) and on a signed-in /assinatura, then prints the
// median run's scores, FCP / LCP / TBT / CLS and the LCP element. Timing figures depend on the machine: not part of `npm test`.
//   --no-build        reuse the last production build
//   --runs N          runs per page (default 3; the median by performance score is reported)
// Ports come from the usual variables (PORT, REMOTE_<NAME>_PORT, API_PORT, LIGHTHOUSE_DEBUG_PORT),
// or all at once from LIGHTHOUSE_BASE_PORT=N: shell N, remotes N+1…N+4 (registry order), API N+5,
// Chromium's debugging port N+6. Chromium from CHROMIUM_PATH (default /usr/bin/chromium).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import frontends from './frontends.cjs';
import { buildFrontends } from './build.mjs';
import { portsFromBase, startProduct, stopProduct, waitFor } from './product-ports.mjs';

const { ROOT, portOf } = frontends;
portsFromBase('LIGHTHOUSE_BASE_PORT', ['LIGHTHOUSE_DEBUG_PORT']);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9333);
/** Flags for Debian Chromium on a machine with no network beyond loopback (as the browser suite). */
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const MEMBER = { email: 'membro@clube.local', password: 'Clube#Membro2026' };
const PUBLIC_PAGES = ['/', '/videos', '/planos', '/autenticacao/login'];
const SIGNED_IN_PAGES = ['/assinatura'];

const runsIndex = process.argv.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Number(process.argv[runsIndex + 1]) : 3;
const shellUrl = `http://localhost:${portOf('shell')}`;

/** One Lighthouse run on the Chromium listening on DEBUG_PORT. */
async function audit(url, { signedIn }) {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    formFactor: 'mobile',
    // A signed-in page keeps the session the browser holds (IndexedDB); public pages start clean.
    disableStorageReset: signedIn,
  });
  const { categories, audits } = result.lhr;
  const score = (name) => Math.round((categories[name]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    // What the LCP was (an image of the page, a heading…), to know where to look next.
    lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

/** The median run of a page, by performance score. */
async function medianOf(pathname, options) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${shellUrl}${pathname}`, options));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor((runs.length - 1) / 2)];
}

async function signIn(context) {
  const page = await context.newPage();
  await page.goto(`${shellUrl}/autenticacao/login`, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-mail').fill(MEMBER.email);
  await page.getByLabel('Senha', { exact: true }).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  try {
    await page.getByRole('button', { name: 'Sair' }).waitFor({ timeout: 30000 });
  } catch (error) {
    const shot = path.join(ROOT, 'artifacts', 'lighthouse-login.png');
    mkdirSync(path.dirname(shot), { recursive: true });
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const alert = await page.getByRole('alert').allTextContents().catch(() => []);
    throw new Error(`não foi possível entrar como ${MEMBER.email} (${alert.join(' ') || error.message.split('\n')[0]}; captura em ${shot})`);
  }
  await page.close();
}

let product = null;
const userDataDir = mkdtempSync(path.join(tmpdir(), 'clube-lighthouse-'));
let context = null;
let exitCode = 0;
const rows = [];
try {
  if (!process.argv.includes('--no-build')) await buildFrontends();
  product = startProduct();
  await waitFor(`${shellUrl}/`);
  context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, args: [...FLAGS, `--remote-debugging-port=${DEBUG_PORT}`] });

  // One video page: the newest published video the API lists to a guest.
  const newest = await fetch(`http://localhost:${process.env.API_PORT ?? 3000}/v1/videos?limit=1&sort=newest`).then((response) => response.json()).catch(() => null);
  const videoPages = newest?.data?.[0]?.slug ? [`/videos/${newest.data[0].slug}`] : [];
  for (const pathname of [...PUBLIC_PAGES, ...videoPages]) rows.push([pathname, await medianOf(pathname, { signedIn: false })]);
  await signIn(context);
  for (const pathname of SIGNED_IN_PAGES) rows.push([`${pathname} (membro)`, await medianOf(pathname, { signedIn: true })]);
} catch (error) {
  console.error(`\nLighthouse não concluiu: ${error.message ?? error}`);
  exitCode = 1;
} finally {
  // What was measured is printed even when a later page failed.
  const ms = (value) => `${Math.round(value)} ms`;
  if (rows.length) {
    console.log(`\nLighthouse (mobile), mediana de ${RUNS} execuções — ${shellUrl}\n`);
    console.log('| Página | Desempenho | Acessibilidade | Boas práticas | SEO | FCP | LCP | TBT | CLS |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [page, r] of rows) {
      console.log(`| \`${page}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${r.cls.toFixed(3)} |`);
    }
    console.log('\nElemento do LCP (execução mediana):');
    for (const [page, r] of rows) console.log(`  ${page}: ${r.lcpElement.replace(/\s+/g, ' ').slice(0, 160) || '?'}`);
  }
  await context?.close().catch(() => undefined);
  rmSync(userDataDir, { recursive: true, force: true });
  await stopProduct(product);
  process.exit(exitCode);
}
