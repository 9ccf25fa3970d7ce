import http from 'node:http';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from '../support/browser';
import { E2E_PORTS } from '../support/env';
import { Frontends } from '../support/frontends';
import { ADMIN, signInThroughPage } from '../support/session';

// Issue 26, item 1: the shell's pages carry a Content-Security-Policy. Every remote still loads
// under it (nothing is refused), and a page of another site that frames the shell gets nothing.
const frontends = new Frontends();
let session: BrowserSession;
let page: Page;
/** A hostile site: another origin (port) that frames the shell's /assinatura. */
let hostile: http.Server;
const HOSTILE_PORT = 20_730 + Number(process.env.E2E_PORT_OFFSET ?? 0) % 50;

beforeAll(async () => {
  await frontends.startAll();
  session = await openBrowser();
  page = session.page;
  // Every refusal of the policy is kept where the test can read it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  hostile = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Prêmio</title><h1>Clique aqui</h1><iframe id="alvo" src="${frontends.shellUrl}/assinatura" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => hostile.listen(HOSTILE_PORT, '127.0.0.1', resolve));
  await signInThroughPage(page, frontends.shellUrl, ADMIN);
});

afterAll(async () => {
  await session?.close();
  await new Promise((resolve) => hostile?.close(resolve));
  await frontends.stopAll();
});

const violations = () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

describe('Content-Security-Policy of the shell', () => {
  it.each([
    ['catalog', '/', 'Bem-vindo ao Clube'],
    ['auth', '/autenticacao/atualizar-senha', 'Atualizar senha'],
    ['account', '/usuario/laboratorio', 'Meu laboratório'],
    ['admin', '/admin/conteudo', 'Conteúdos'],
  ])('When a page of the %s remote is opened under the CSP, then it renders and the policy refused nothing', async (remote, pathname, title) => {
    const response = await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
    const csp = (await response!.headerValue('content-security-policy')) ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`http://localhost:${E2E_PORTS[remote as 'catalog']}`);
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Principal' }).waitFor();
    expect(await violations()).toEqual([]);
  });

  it('When another site frames /assinatura, then the browser refuses to show it in the frame', async () => {
    await page.goto(`http://127.0.0.1:${HOSTILE_PORT}/`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Clique aqui' }).waitFor();
    // Chromium replaces a refused frame's document with an error page: nothing of the shell runs in it.
    const frame = await (await page.waitForSelector('#alvo')).contentFrame();
    await page.waitForTimeout(1_500);
    expect(frame).not.toBeNull();
    expect(frame!.url()).not.toContain('/assinatura');
    expect(await frame!.locator('#root').count()).toBe(0);
  });
});
