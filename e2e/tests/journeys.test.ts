import type { Page } from 'playwright-core';
import { api } from '../support/account';
import { checkPage } from '../support/axe';
import { openBrowser, waitForApp, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { ADMIN, MEMBER, signInThroughPage } from '../support/session';
import { newLabAccount, type Member } from '../support/team';

// Issue 27, what a guest, a member and a laboratory's manager notice first: the per-seat price on
// /planos, the header's search and menu (every destination at 360 px), tables that never cut a cell
// off at 360 px (checked by bounding boxes), Space toggling the player once, a free item offering
// "Criar conta grátis", and the footer of a Brazilian paid site (terms, privacy, who sells).

const frontends = new Frontends();
const sessions: BrowserSession[] = [];
const FREE_VIDEO = { slug: 'demonstracao-coleta-segura', title: 'Demonstração: coleta segura' };

async function newPage(): Promise<Page> {
  const session = await openBrowser();
  sessions.push(session);
  return session.page;
}

async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
  // A public page may be the server's first view: what a test types there is lost when the app takes over
  // (the /planos calculator kept its 3 people in a fresh-clone CI run).
  await waitForApp(page);
}

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 20000 });
}

/**
 * Every cell of every table on the page, as drawn: one that ends past the viewport's right edge,
 * starts left of 0, or whose content is wider than its box (clipped) is named.
 */
async function cutOffCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('table td'))) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0) continue;
      // The visible area: the viewport, or the table's own scrolling card when narrower.
      const frame = cell.closest('.clube-table__scroll')?.getBoundingClientRect();
      const left = Math.max(0, frame?.left ?? 0);
      const right = Math.min(document.documentElement.clientWidth, frame?.right ?? Infinity);
      const label = `${cell.dataset.label ?? '?'}: ${cell.textContent?.trim() ?? ''}`;
      if (box.left < left - 0.5 || box.right > right + 0.5) cut.push(`${label} (${Math.round(box.left)}–${Math.round(box.right)} de ${Math.round(left)}–${Math.round(right)})`);
      else if (cell.scrollWidth > cell.clientWidth + 1) cut.push(`${label} (conteúdo ${cell.scrollWidth} > ${cell.clientWidth})`);
    }
    return cut;
  });
}

let mensal: { _id: string; name: string; priceCents: number };

beforeAll(async () => {
  await frontends.startAll();
  mensal = (await api<{ data: Array<{ _id: string; name: string; priceCents: number }> }>('GET', '/plans')).body.data.find((plan) => plan.name === 'Mensal')!;
});

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

afterAll(async () => {
  await frontends.stopAll();
});

describe('journeys (issue 27)', () => {
  it('When a guest opens /planos, then every price is per person, teams start at 2 seats, and the calculator totals the team and links to the checkout with the seats', async () => {
    const page = await newPage();
    await open(page, '/planos');
    await heading(page, 'Planos');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name: 'Mensal' }) });
    await card.getByText(/por pessoa por mês/).waitFor();
    await card.getByText('Equipes a partir de 2 assentos, um por pessoa.').waitFor();
    const people = page.getByLabel('Pessoas na equipe');
    await people.fill('4');
    const totals = page.getByRole('list', { name: 'Total por plano' });
    const money = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\s/g, ' ');
    expect((await totals.getByRole('listitem').filter({ hasText: 'Mensal:' }).textContent())?.replace(/\s/g, ' ')).toContain(money(4 * mensal.priceCents));
    expect(await totals.getByRole('link', { name: 'Assinar Mensal para 4 pessoas' }).getAttribute('href')).toBe(`/checkout/assinar?planId=${mensal._id}&assentos=4`);
    await checkPage(page, 'journeys-plans-guest');
  });

  it('When a guest types in the header search and presses Enter, then /busca shows the results for it; the footer links to the terms and the privacy policy and names who sells', async () => {
    const page = await newPage();
    await open(page, '/');
    await heading(page, 'Bem-vindo ao Clube');
    const search = page.getByRole('search', { name: 'Buscar no Clube' }).getByRole('searchbox', { name: 'Buscar vídeos e conteúdos' });
    await search.focus();
    await page.keyboard.type('pipetas');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/busca' && url.searchParams.get('q') === 'pipetas', { timeout: 15000 });
    await page.getByRole('link', { name: /Calibração de pipetas na bancada/ }).first().waitFor({ timeout: 20000 });
    await checkPage(page, 'journeys-search-from-header');

    const footer = page.getByRole('contentinfo');
    await footer.getByText(/CNPJ \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/).waitFor({ timeout: 15000 });
    await footer.getByRole('link', { name: /@/ }).waitFor();
    await footer.getByRole('link', { name: 'Termos de uso' }).click();
    await heading(page, 'Termos de uso');
    await page.getByText(/^Versão .+, em vigor desde \d{2}\/\d{2}\/\d{4}\.$/).waitFor();
    await checkPage(page, 'journeys-terms');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidade' }).click();
    await heading(page, 'Política de privacidade');
    await checkPage(page, 'journeys-privacy');
  });

  it('When a laboratory manager uses a 360 px phone, then "Menu" reaches every header destination, and on /assinatura and /equipe no table cell is cut off', async () => {
    const lab = await newLabAccount(mensal._id, 3);
    const session = await openBrowser({ width: 360, height: 740 });
    sessions.push(session);
    const { page } = session;
    await signInThroughPage(page, frontends.shellUrl, lab.manager as Member);
    await open(page, '/');
    await heading(page, 'Bem-vindo ao Clube');

    const nav = page.getByRole('navigation', { name: 'Principal' });
    expect(await nav.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    const destinations = ['Início', 'Vídeos', 'Conteúdos', 'Planos', 'Meus conteúdos', 'Assinatura', 'Sugestões', 'Equipe'];
    for (const name of destinations) {
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      const link = nav.getByRole('link', { name, exact: true });
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      await link.click();
      await page.waitForFunction(() => document.querySelector('[aria-controls="menu-principal"]')?.getAttribute('aria-expanded') === 'false');
    }
    await page.waitForURL((url) => url.pathname === '/equipe');

    await open(page, '/assinatura');
    await page.getByRole('table', { name: 'Faturas da assinatura' }).getByText('Paga').first().waitFor({ timeout: 20000 });
    expect(await cutOffCells(page)).toEqual([]);
    await page.getByRole('button', { name: /Baixar o recibo da fatura/ }).first().waitFor();
    await checkPage(page, 'journeys-subscription-receipt');

    await open(page, '/equipe');
    await page.getByRole('table', { name: 'Treinamento por pessoa' }).getByRole('row').nth(1).waitFor({ timeout: 20000 });
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await cutOffCells(page)).toEqual([]);
    await checkPage(page, 'journeys-team-360');
  });

  it('When an admin opens /admin/usuarios and /admin/assinaturas at 1280 px, then no cell is cut off the card, and a subscription names its member', async () => {
    const lab = await newLabAccount(mensal._id, 2);
    const page = await newPage();
    await signInThroughPage(page, frontends.shellUrl, ADMIN);
    await open(page, '/admin/usuarios');
    await page.getByRole('table', { name: 'Usuários' }).getByRole('row').nth(1).waitFor({ timeout: 20000 });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await cutOffCells(page)).toEqual([]);
    await checkPage(page, 'journeys-admin-users');
    await open(page, `/admin/assinaturas?member=${encodeURIComponent(lab.manager.email)}`);
    await page.getByRole('table', { name: 'Assinaturas' }).getByRole('link', { name: lab.manager.name }).waitFor({ timeout: 20000 });
    await page.getByRole('table', { name: 'Assinaturas' }).getByText(lab.manager.email).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await cutOffCells(page)).toEqual([]);
    await checkPage(page, 'journeys-admin-subscriptions');
  });

  it('When the member presses Space on the player once, then the video plays (not play-and-pause), and a second Space pauses it', async () => {
    const page = await newPage();
    await signInThroughPage(page, frontends.shellUrl, MEMBER);
    await open(page, `/videos/${FREE_VIDEO.slug}`);
    await heading(page, FREE_VIDEO.title);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, { timeout: 15000 });
    await page.locator('video').focus();
    const events = () => page.evaluate(() => (window as unknown as { toggles: string[] }).toggles);
    await page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { toggles: string[] }).toggles = log;
      const video = document.querySelector('video')!;
      video.addEventListener('play', () => log.push('play'));
      video.addEventListener('pause', () => log.push('pause'));
    });
    await page.keyboard.press('Space');
    await page.waitForTimeout(700); // a second toggle would come with the key's release
    expect(await events()).toEqual(['play']);
    expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
    expect(await events()).toEqual(['play', 'pause']);
  });

  it('When a guest opens a free video, then it says it is free and "Criar conta grátis" leads to sign-up and back to the video', async () => {
    const page = await newPage();
    await open(page, `/videos/${FREE_VIDEO.slug}`);
    await heading(page, FREE_VIDEO.title);
    await page.getByText('Este vídeo é grátis. A conta também é: sem assinatura, sem cartão e sem PIX.').waitFor({ timeout: 15000 });
    await checkPage(page, 'journeys-free-video-guest');
    await page.getByRole('link', { name: 'Criar conta grátis' }).click();
    await heading(page, 'Criar conta');
    await page.waitForURL((url) => url.pathname === '/autenticacao/registro' && url.searchParams.get('redirect') === `/videos/${FREE_VIDEO.slug}`);
    const email = `gratis-${Date.now().toString(36)}@clube.local`;
    await page.getByLabel('Nome completo').fill('Pessoa Grátis');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('Clube#Gratis2026');
    await page.getByLabel('Confirme a senha').fill('Clube#Gratis2026');
    await page.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' }).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await heading(page, 'Dados do laboratório');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/videos/${FREE_VIDEO.slug}`);
  });
});
