import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { serveKitGallery } from '../support/kit-gallery';

let gallery: Awaited<ReturnType<typeof serveKitGallery>>;
let session: BrowserSession | undefined;

beforeAll(async () => {
  gallery = await serveKitGallery();
}, 180000);

afterEach(async () => {
  await session?.close();
  session = undefined;
});

afterAll(async () => {
  await gallery?.close();
});

async function openGallery(width: number): Promise<Page> {
  session = await openBrowser({ width, height: 800 });
  const { page } = session;
  await page.goto(gallery.url, { waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { level: 1, name: 'Kit do Clube' }).waitFor({ timeout: 15000 });
  return page;
}

/** What has the focus, in words: role/tag and accessible text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return `${element.tagName.toLowerCase()}:${(element.getAttribute('aria-label') ?? label ?? element.textContent ?? '').trim()}`;
  });

const insideDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

describe('kit gallery', () => {
  it('When the gallery opens at 1280 px, then axe finds no serious or critical problem, also with the form showing its errors', async () => {
    const page = await openGallery(1280);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Enviar formulário' }).click();
    await page.getByText('Aceite os termos para continuar.').first().waitFor();
    expect(await focused(page)).toBe('input:Nome completo');
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'kit-gallery-1280');
  });

  it('When the gallery opens at 360 px, then nothing overflows the screen sideways and axe finds no serious or critical problem', async () => {
    const page = await openGallery(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'kit-gallery-360');
  });

  it('When Tab is pressed from the top, then focus follows the reading order: the section links, then the fields', async () => {
    const page = await openGallery(1280);
    const stops: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
    }
    expect(stops).toEqual([
      'a:Campos',
      'a:Formulário',
      'a:Laboratório',
      'a:Tabela',
      'a:Diálogos',
      'a:Abas',
      'a:Envio de arquivo',
      'a:Markdown',
      'a:Indicadores',
      'input:Texto',
      'input:Com dica',
      'input:Com erro',
    ]);
  });

  it('When the dialog is opened from the keyboard, then Tab stays inside it, Esc closes it and the focus returns to its button', async () => {
    const page = await openGallery(1280);
    const opener = page.getByRole('button', { name: 'Abrir diálogo' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Editar banner' });
    await dialog.waitFor();
    expect(await insideDialog(page)).toBe(true);

    const seen = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await insideDialog(page)).toBe(true);
      seen.add(await focused(page));
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await insideDialog(page)).toBe(true);
    }
    // Every control of the dialog was reached: the trap cycles through all of them.
    expect([...seen].sort()).toEqual(['button:Cancelar', 'button:Fechar', 'button:Salvar', 'input:Link', 'input:Título do banner']);
    await screenshot(page, 'kit-dialog-1280');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('button:Abrir diálogo');
  });

  it('When the confirmation dialog opens at 360 px, then Cancel has the focus and confirming returns the focus to the button', async () => {
    const page = await openGallery(360);
    await page.getByRole('button', { name: 'Excluir conteúdo' }).click();
    await page.getByRole('dialog', { name: 'Excluir conteúdo?' }).waitFor();
    expect(await focused(page)).toBe('button:Cancelar');
    await screenshot(page, 'kit-confirm-360');
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page.getByText('Conteúdo excluído.').waitFor();
    expect(await focused(page)).toBe('button:Excluir conteúdo');
  });
});
