import type { Page } from 'playwright-core';
import { openBrowser, screenshot, waitForApp, type BrowserSession } from '../support/browser';
import { checkPage } from '../support/axe';
import { Frontends } from '../support/frontends';
import { MEMBER, signInThroughPage } from '../support/session';
import { API_URL } from '../support/stack';

// The member's club (issue 12): a guest browsing to the plans, progress that follows the member,
// unlocking with credits, search inside what is said in a video, chapters and transcript seeking.


const frontends = new Frontends();
let sessions: BrowserSession[] = [];

async function newPage(): Promise<Page> {
  const session = await openBrowser();
  sessions.push(session);
  return session.page;
}

beforeAll(async () => {
  await frontends.startAll();
});

afterEach(async () => {
  for (const session of sessions) await session.close();
  sessions = [];
});

afterAll(async () => {
  await frontends.stopAll();
});

/** Opens a page and waits for the app to run it: the server's first view of a public page is its inert copy (a filter chosen there is the HTML's). */
async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
  await waitForApp(page);
}

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 20000 });
}

const videoTime = (page: Page) => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

/** Waits until the player's position is within [from, to]. */
async function waitForTime(page: Page, from: number, to: number): Promise<number> {
  await page.waitForFunction(
    ([min, max]) => {
      const video = document.querySelector('video');
      return Boolean(video && video.readyState >= 1 && video.currentTime >= min && video.currentTime <= max);
    },
    [from, to] as const,
    { timeout: 15000 },
  );
  return videoTime(page);
}

/** A Firebase ID token for the demo member straight from the emulator, to ask the API what the page cannot show. */
async function memberToken(): Promise<string> {
  const response = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: MEMBER.email, password: MEMBER.password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken: string };
  return body.idToken;
}

describe('the catalog', () => {
  it('When a guest browses, filters, searches and opens a locked video, then the plans lead through sign-in to the checkout', async () => {
    const page = await newPage();
    await open(page, '/');
    await heading(page, 'Bem-vindo ao Clube');
    await page.getByRole('heading', { level: 2, name: 'Novidades' }).waitFor();
    await page.getByRole('link', { name: 'Ver planos' }).waitFor();
    await page.getByRole('region', { name: 'Destaques' }).waitFor();
    await checkPage(page, 'catalog-home-guest');

    await open(page, '/videos');
    await heading(page, 'Vídeos');
    await page.getByRole('heading', { level: 3, name: 'Demonstração: coleta segura' }).waitFor();
    await page.getByLabel('Categoria').selectOption({ label: 'Equipamentos' });
    await page.waitForURL(/categoryId=/);
    await page.getByRole('heading', { level: 3, name: 'Demonstração: coleta segura' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 3, name: 'Calibração de pipetas na bancada' }).waitFor();
    await page.getByLabel('Buscar vídeos', { exact: true }).fill('pipetas');
    // The page's own search, not the header's.
    await page.locator('#conteudo').getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL(/search=pipetas/);
    await page.getByRole('heading', { level: 3, name: 'Calibração de pipetas na bancada' }).waitFor();
    await checkPage(page, 'catalog-videos-filtered');

    await page.getByRole('link', { name: /Calibração de pipetas na bancada/ }).first().click();
    await heading(page, 'Calibração de pipetas na bancada');
    await page.getByRole('heading', { level: 2, name: 'Exclusivo para assinantes' }).waitFor();
    expect(await page.locator('video').count()).toBe(0);
    await checkPage(page, 'catalog-video-locked-guest');
    await page.getByRole('link', { name: 'Assine para assistir' }).click();

    await heading(page, 'Planos');
    await page.getByRole('heading', { level: 2, name: 'Trimestral' }).waitFor();
    await page.getByText('Economia de', { exact: false }).first().waitFor();
    await checkPage(page, 'catalog-plans-guest');
    const planLink = page.getByRole('link', { name: 'Assinar Trimestral', exact: true });
    const planId = new URL((await planLink.getAttribute('href')) as string, frontends.shellUrl).searchParams.get('planId');
    expect(planId).toMatch(/^[0-9a-f]{24}$/);
    await planLink.click();
    await heading(page, 'Entrar');
    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    await page.waitForURL((url) => url.pathname === '/checkout/assinar' && url.searchParams.get('planId') === planId, { timeout: 20000 });
  });

  it('When the member plays a subscribers’ video and leaves, then a new browser resumes it within 2 s and the home page offers to continue it', async () => {
    let page = await newPage();
    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    await open(page, '/videos/calibracao-de-pipetas-na-bancada');
    await heading(page, 'Calibração de pipetas na bancada');
    const video = page.locator('video');
    await video.waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, { timeout: 15000 });
    await video.focus();
    const started = page.waitForResponse((response) => response.url().includes('/v1/me/progress/videos/') && response.request().method() === 'PUT');
    await page.keyboard.press('k'); // the player's own shortcut: play
    expect((await started).status()).toBe(200);
    await waitForTime(page, 2.5, 5);
    const paused = page.waitForResponse((response) => response.url().includes('/v1/me/progress/videos/') && response.request().method() === 'PUT');
    await page.keyboard.press('k'); // pause: reported at once
    expect((await paused).status()).toBe(200);
    const stoppedAt = await videoTime(page);
    await checkPage(page, 'catalog-video-playing');
    await open(page, '/videos'); // leaves
    await heading(page, 'Vídeos');

    page = await newPage();
    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    await open(page, '/videos/calibracao-de-pipetas-na-bancada');
    await heading(page, 'Calibração de pipetas na bancada');
    const resumedAt = await waitForTime(page, 0.5, 6);
    expect(Math.abs(resumedAt - stoppedAt)).toBeLessThanOrEqual(2);
    await page.getByText('Continuando de onde você parou.').waitFor();

    await open(page, '/');
    const row = page.getByRole('region', { name: 'Continuar assistindo' });
    await row.getByRole('heading', { level: 3, name: 'Calibração de pipetas na bancada' }).waitFor();
    const percent = Number(await row.getByRole('progressbar', { name: 'Progresso em Calibração de pipetas na bancada' }).getAttribute('aria-valuenow'));
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(90);
    await checkPage(page, 'catalog-home-member');
  });

  it('When the member unlocks a credits content, then the balance drops by its cost, the body shows, and unlocking again charges nothing', async () => {
    const page = await newPage();
    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    await open(page, '/conteudos');
    await heading(page, 'Conteúdos');
    await checkPage(page, 'catalog-contents');
    await open(page, '/conteudos/indicadores-de-desempenho-do-laboratorio');
    await heading(page, 'Indicadores de desempenho do laboratório');
    const unlock = page.getByRole('button', { name: /^Desbloquear por 1 crédito \(saldo: \d+\)$/ });
    const before = Number(/saldo: (\d+)/.exec((await unlock.textContent()) ?? '')?.[1]);
    expect(before).toBeGreaterThanOrEqual(1);
    await checkPage(page, 'catalog-content-locked');
    await unlock.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Saldo atual: ${before} créditos`, { exact: false }).or(dialog.getByText(`Saldo atual: ${before} crédito.`, { exact: false })).first().waitFor();
    await dialog.getByText(`Depois do desbloqueio: ${before - 1}`, { exact: false }).waitFor();
    await screenshot(page, 'catalog-content-unlock-dialog-1280');
    await dialog.getByRole('button', { name: 'Desbloquear por 1 crédito' }).click();
    await page.getByRole('article', { name: 'Conteúdo' }).waitFor();
    await page.getByText('Desbloqueado', { exact: true }).first().waitFor();
    await checkPage(page, 'catalog-content-unlocked');

    await open(page, '/conteudos/acidentes-com-material-biologico');
    await page.getByRole('button', { name: `Desbloquear por 2 créditos (saldo: ${before - 1})` }).waitFor();

    const token = await memberToken();
    const again = await fetch(`${API_URL}/v1/unlocks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ itemType: 'CONTENT', itemId: await contentId('indicadores-de-desempenho-do-laboratorio') }),
    });
    expect(again.status).toBe(200);
    const body = (await again.json()) as { charged: boolean; credits: { balance: number } };
    expect(body).toMatchObject({ charged: false, credits: { balance: before - 1 } });
  });

  it('When "torniquete" (said only in a transcript) is searched, then the hit opens the video at that second; transcript lines and chapters seek the player', async () => {
    const page = await newPage();
    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    await open(page, '/busca');
    await heading(page, 'Busca');
    await page.getByLabel('O que você procura?').fill('torniquete');
    // The page's own search, not the header's.
    await page.locator('#conteudo').getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByText('Dito no vídeo em', { exact: false }).waitFor();
    await checkPage(page, 'catalog-search-transcript-hit');
    await page.getByRole('link', { name: 'Demonstração: coleta segura' }).click();
    await page.waitForURL(/\/videos\/demonstracao-coleta-segura\?t=3$/);
    await heading(page, 'Demonstração: coleta segura');
    const openedAt = await waitForTime(page, 2.9, 3.5);
    expect(openedAt).toBeCloseTo(3, 0);
    await page.getByText('Abrindo no trecho encontrado.').waitFor();
    await checkPage(page, 'catalog-video-transcript');

    // A transcript line: the player jumps to where it is said.
    await page.locator('video').evaluate((video: HTMLVideoElement) => {
      video.pause();
      video.currentTime = 0;
    });
    await page.getByRole('list', { name: 'Falas do vídeo' }).getByRole('button', { name: /Solte o torniquete/ }).click();
    await waitForTime(page, 3, 4.5);

    // A chapter: the player jumps to its start.
    await page.getByRole('button', { name: /Descarte seguro/ }).click();
    await waitForTime(page, 6, 8);

    // In-video search narrows the transcript to the lines that say it.
    await page.getByLabel('Buscar no vídeo').fill('torniquete');
    // The list narrows after the keystrokes (a deferred render): wait for the others to go.
    const lines = page.getByRole('list', { name: 'Falas do vídeo' }).getByRole('button');
    await lines.nth(1).waitFor({ state: 'detached', timeout: 10000 });
    expect(await lines.count()).toBe(1);
  });

  // The certificate pages' own journey (genuine, superseded, not found) is tests/certificates.test.ts.
  it('When a certificate address with a code that does not exist is opened, then the page says it was not found', async () => {
    const page = await newPage();
    await open(page, '/certificados/ABC123');
    await heading(page, 'Certificado não encontrado');
  });

  it.each([360, 1280])('When a visitor opens /videos at %i px, then the filter\'s "Buscar" sits level with its field and the header\'s "Entrar" keeps clear of "Menu"', async (width) => {
    const session = await openBrowser({ width, height: 800 });
    sessions.push(session);
    const { page } = session;
    await open(page, '/videos');
    const search = page.getByRole('search').filter({ has: page.getByRole('button', { name: 'Buscar' }) }).last();
    const field = await search.getByRole('searchbox').boundingBox();
    const button = await search.getByRole('button', { name: 'Buscar' }).boundingBox();
    // Its own field's top and bottom, to the pixel (its bottom margin had left the button 16 px low).
    expect([Math.round(button!.y), Math.round(button!.y + button!.height)]).toEqual([Math.round(field!.y), Math.round(field!.y + field!.height)]);
    const enterLink = page.getByRole('banner').getByRole('link', { name: 'Entrar' });
    await enterLink.waitFor({ timeout: 15000 });
    const enter = await enterLink.boundingBox();
    const menu = page.getByRole('button', { name: 'Menu' });
    if (width <= 760) {
      const menuBox = await menu.boundingBox();
      // On the same row, with room between them (at 360 px they touched).
      expect(Math.abs(enter!.y + enter!.height / 2 - (menuBox!.y + menuBox!.height / 2))).toBeLessThan(8);
      expect(enter!.x - (menuBox!.x + menuBox!.width)).toBeGreaterThanOrEqual(8);
    } else {
      expect(await menu.isVisible()).toBe(false);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});

async function contentId(slug: string): Promise<string> {
  const response = await fetch(`${API_URL}/v1/contents/${slug}`);
  return ((await response.json()) as { _id: string })._id;
}
