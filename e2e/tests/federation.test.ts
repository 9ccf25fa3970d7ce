import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { deployChangedRemote, deployRemote } from '../support/redeploy';
import { ADMIN, signInThroughPage } from '../support/session';

const ROOT = path.resolve(__dirname, '..', '..');
const UNAVAILABLE = 'Esta área está indisponível no momento';

const frontends = new Frontends();
let session: BrowserSession;
let page: Page;

async function open(pathname: string): Promise<void> {
  await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
}

async function expectHeading(name: string, timeout = 10000): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout });
}

beforeAll(async () => {
  await frontends.startAll();
  session = await openBrowser();
  page = session.page;
  // An admin may open a page of every remote.
  await signInThroughPage(page, frontends.shellUrl, ADMIN);
});

afterAll(async () => {
  await session?.close();
  await frontends.stopAll();
});

describe('the shell composes four remotes at run time', () => {
  it.each([
    ['catalog', '/', 'Bem-vindo ao Clube'],
    ['auth', '/autenticacao/atualizar-senha', 'Atualizar senha'],
    ['account', '/usuario/laboratorio', 'Meu laboratório'],
    ['admin', '/admin/conteudo', 'Conteúdos'],
  ])('When a route of the %s remote is opened through the shell, then its page renders in the layout', async (remote, pathname, title) => {
    await open(pathname);
    await expectHeading(title);
    await page.getByRole('navigation', { name: 'Principal' }).waitFor();
    await screenshot(page, `federation-${remote}`);
  });

  it('When a path nobody owns is opened, then the Portuguese 404 is shown', async () => {
    await open('/rota-que-nao-existe');
    await expectHeading('Página não encontrada');
  });

  it('When one remote is down, then the shell and the other three keep working and its area offers a retry that works once it is back', async () => {
    await frontends.stop('account');
    await open('/usuario/laboratorio');
    await page.getByText(UNAVAILABLE).waitFor();
    await screenshot(page, 'federation-account-down');

    for (const [pathname, title] of [['/', 'Bem-vindo ao Clube'], ['/autenticacao/atualizar-senha', 'Atualizar senha'], ['/admin/conteudo', 'Conteúdos']] as const) {
      await page.getByRole('navigation', { name: 'Principal' }).waitFor();
      await open(pathname);
      await expectHeading(title);
    }

    await open('/usuario/laboratorio');
    await page.getByText(UNAVAILABLE).waitFor();
    await frontends.start('account');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expectHeading('Meu laboratório');
  });

  it('When one remote hangs (accepts, never answers), then its area shows the retry message within 8 s and the rest still works', async () => {
    await frontends.hang('admin');
    try {
      const started = Date.now();
      await open('/admin/conteudo');
      await page.getByText(UNAVAILABLE).waitFor({ timeout: 8000 });
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(8000);
      await page.getByRole('link', { name: 'Vídeos' }).click();
      await expectHeading('Vídeos');
    } finally {
      await frontends.stop('admin');
      await frontends.start('admin');
    }
  });

  it("When the shell does not hand its federation runtime to the remotes (a shell built without it), then a remote's area shows the retry message and the shell keeps working", async () => {
    const other = await session.context.newPage();
    try {
      // Production remotes use the runtime the shell puts in this global; here it never arrives.
      await other.addInitScript(() => {
        Object.defineProperty(window, '_FEDERATION_RUNTIME_CORE', { configurable: true, get: () => undefined, set: () => undefined });
      });
      const errors: string[] = [];
      other.on('pageerror', (error) => errors.push(error.message));
      await other.goto(`${frontends.shellUrl}/videos`, { waitUntil: 'domcontentloaded' });
      await other.getByText(UNAVAILABLE).waitFor({ timeout: 10000 });
      await other.getByRole('navigation', { name: 'Principal' }).waitFor();
      expect(await other.getByRole('button', { name: 'Tentar novamente' }).count()).toBe(1);
      expect(errors).not.toEqual([]); // the remote's entry did fail (not a missing server)
    } finally {
      await other.close();
    }
  });

  it('When one remote is rebuilt alone and its server restarted, then the running shell serves the new text without a shell rebuild', async () => {
    const shellEntry = readFileSync(path.join(ROOT, 'shell', 'dist', 'main.js'), 'utf8');
    try {
      // Built from a copy of the package: the working tree is never changed.
      await deployChangedRemote('catalog', { file: 'src/home/home-page.tsx', from: 'Bem-vindo ao Clube', to: 'Bem-vindo ao Clube, versão nova' });
      await frontends.stop('catalog');
      await frontends.start('catalog');
      await open('/');
      await expectHeading('Bem-vindo ao Clube, versão nova');
      expect(readFileSync(path.join(ROOT, 'shell', 'dist', 'main.js'), 'utf8')).toBe(shellEntry);
    } finally {
      await deployRemote('catalog');
    }
    await open('/');
    await expectHeading('Bem-vindo ao Clube');
  });
});
