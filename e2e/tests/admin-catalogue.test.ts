import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { checkPage } from '../support/axe';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { ADMIN, MEMBER, signInThroughPage } from '../support/session';

// The admin's catalogue editors (issue 14): a content with a cover and a PDF, a video uploaded as
// MP4 with chapters and a transcript, both published and then used by the demo member (active
// subscription and credits from the seed), on the production build, the real API and the emulator.
// The files are the demo catalogue's own (api/assets/demo), committed and small.
const DEMO = path.resolve(__dirname, '..', '..', 'api', 'assets', 'demo');
const COVER = readFileSync(path.join(DEMO, 'demo-capa-qualidade.png'));
const PDF = readFileSync(path.join(DEMO, 'demo-checklist-coleta.pdf'));
const MP4 = readFileSync(path.join(DEMO, 'demo-coleta-segura.mp4'));
const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nSeparamos o material da coleta.\n\n00:00:04.000 --> 00:00:07.000\nDescartamos a agulha na caixa rígida.\n';

const frontends = new Frontends();
let sessions: BrowserSession[] = [];
const run = Date.now().toString(36);

async function newPage(): Promise<Page> {
  const session = await openBrowser();
  sessions.push(session);
  return session.page;
}

async function open(page: Page, pathname: string, heading: string): Promise<void> {
  await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
  await heading1(page, heading);
}

async function heading1(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 20000 });
}

/** Sends a file through a kit FileUpload (its input is labelled by the upload's label) and waits for "… enviado." */
async function upload(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.getByLabel(label, { exact: true }).setInputFiles(file);
  await page.getByText(`${file.name} enviado.`, { exact: true }).waitFor({ timeout: 30000 });
}

/** The table's own sideways scroll at 1280 px: every column, the row actions too, fits beside the side menu. */
async function expectTableFits(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const overflow = await page.getByRole('table', { name }).evaluate((table) => {
    const region = table.closest('.clube-table__scroll') ?? table.parentElement;
    return region ? region.scrollWidth - region.clientWidth : 0;
  });
  expect({ table: name, overflow }).toEqual({ table: name, overflow: 0 });
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

describe('the admin edits the catalogue', () => {
  it('When the admin creates a category and a CREDITS content with a cover and a PDF and publishes it, then the member finds it, unlocks it and downloads the PDF byte for byte', async () => {
    const category = `Categoria e2e ${run}`;
    const title = `Guia de calibração ${run}`;
    const admin = await newPage();
    await signInThroughPage(admin, frontends.shellUrl, ADMIN);

    await open(admin, '/admin/conteudo/categorias', 'Categorias');
    await admin.getByLabel('Nome da nova categoria').fill(category);
    await admin.getByRole('button', { name: 'Criar categoria' }).click();
    await admin.getByText('Categoria criada', { exact: true }).waitFor();

    await open(admin, '/admin/conteudo', 'Conteúdos');
    await admin.getByRole('table', { name: 'Conteúdos' }).locator('tbody tr').first().waitFor();
    await checkPage(admin, 'admin-catalogue-contents');
    await expectTableFits(admin, 'Conteúdos');
    await admin.getByRole('link', { name: 'Novo conteúdo' }).click();
    await heading1(admin, 'Novo conteúdo');
    await admin.getByLabel('Título', { exact: true }).fill(title);
    // The slug is the API's (GET /v1/admin/slug-preview), asked once typing pauses.
    await admin.waitForFunction((expected) => document.querySelector<HTMLInputElement>('input[name="slug"]')?.value === expected, `guia-de-calibracao-${run}`);

    // Unsaved changes: the side menu and Back both ask first; staying keeps what was typed.
    await admin.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Painel' }).click();
    await admin.getByRole('dialog', { name: 'Descartar alterações?' }).getByRole('button', { name: 'Continuar editando' }).click();
    await admin.goBack({ waitUntil: 'commit' }).catch(() => undefined); // same-document: nothing loads
    await admin.getByRole('dialog', { name: 'Descartar alterações?' }).getByRole('button', { name: 'Continuar editando' }).click();
    expect(new URL(admin.url()).pathname).toBe('/admin/conteudo/novo');
    expect(await admin.getByLabel('Título', { exact: true }).inputValue()).toBe(title);
    await admin.getByLabel('Resumo').fill('Passo a passo da calibração gravimétrica.');
    await admin.getByLabel('Texto (Markdown)').fill('## Passos\n\n1. Pese a água.\n2. Anote a temperatura.');
    await admin.getByRole('tab', { name: 'Pré-visualizar' }).click();
    await admin.getByRole('heading', { level: 2, name: 'Passos' }).waitFor();
    await admin.getByRole('tab', { name: 'Editar' }).click();
    await admin.getByLabel('Categoria').selectOption({ label: category });
    await upload(admin, 'Imagem de capa', { name: 'capa.png', mimeType: 'image/png', buffer: COVER });
    await admin.getByRole('img', { name: 'Prévia da capa' }).waitFor();
    await upload(admin, 'Adicionar anexo', { name: 'checklist.pdf', mimeType: 'application/pdf', buffer: PDF });
    expect(await admin.getByLabel('Nome do anexo 1').inputValue()).toBe('checklist.pdf');
    await admin.getByLabel('Acesso').selectOption('CREDITS');
    await admin.getByLabel('Custo em créditos').fill('1');
    await admin.getByLabel('Publicado', { exact: true }).check();
    await checkPage(admin, 'admin-catalogue-content-editor');
    await admin.getByRole('button', { name: 'Criar conteúdo' }).click();
    await admin.getByText('Conteúdo criado', { exact: true }).waitFor();
    await heading1(admin, 'Conteúdos');
    const row = admin.getByRole('table', { name: 'Conteúdos' }).getByRole('row', { name: new RegExp(title) });
    await row.getByText('1 crédito').waitFor();
    await row.getByText('Publicado').waitFor();

    const member = await newPage();
    await signInThroughPage(member, frontends.shellUrl, MEMBER);
    await open(member, '/conteudos', 'Conteúdos');
    await member.getByRole('link', { name: new RegExp(title) }).first().click();
    await heading1(member, title);
    const unlock = member.getByRole('button', { name: /^Desbloquear por 1 crédito \(saldo: \d+\)$/ });
    await unlock.click();
    await member.getByRole('dialog').getByRole('button', { name: 'Desbloquear por 1 crédito' }).click();
    await member.getByRole('article', { name: 'Conteúdo' }).waitFor();
    const download = member.getByRole('link', { name: 'Baixar checklist.pdf' });
    const href = await download.getAttribute('href');
    expect(href).toBeTruthy();
    const response = await fetch(href as string);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    await screenshot(member, 'admin-catalogue-content-member-1280');
  });

  it('When the admin uploads an MP4 (duration read from the file), adds two chapters and a transcript and publishes, then the member plays it and sees the chapters', async () => {
    const title = `Coleta em vídeo ${run}`;
    const admin = await newPage();
    await signInThroughPage(admin, frontends.shellUrl, ADMIN);
    await open(admin, '/admin/videos', 'Vídeos');
    await admin.getByRole('table', { name: 'Vídeos' }).locator('tbody tr').first().waitFor();
    await checkPage(admin, 'admin-catalogue-videos');
    await expectTableFits(admin, 'Vídeos');
    await admin.getByRole('link', { name: 'Novo vídeo' }).click();
    await heading1(admin, 'Novo vídeo');
    await admin.getByLabel('Título', { exact: true }).fill(title);
    await admin.waitForFunction((expected) => document.querySelector<HTMLInputElement>('input[name="slug"]')?.value === expected, `coleta-em-video-${run}`);
    const slug = await admin.getByLabel('Endereço (slug)').inputValue();
    await upload(admin, 'Arquivo do vídeo', { name: 'coleta.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await admin.waitForFunction(() => (document.querySelector<HTMLInputElement>('input[name="duration"]')?.value ?? '') !== '', undefined, { timeout: 15000 });
    expect(await admin.getByLabel('Duração').inputValue()).toBe('00:08');
    await admin.getByLabel('Categoria').selectOption({ label: 'Boas práticas' });
    await admin.getByRole('button', { name: 'Adicionar capítulo' }).click();
    await admin.getByRole('button', { name: 'Adicionar capítulo' }).click();
    await admin.getByLabel('Início do capítulo 1').fill('00:04');
    await admin.getByLabel('Título do capítulo 1').fill('Descarte da agulha');
    await admin.getByLabel('Início do capítulo 2').fill('00:00');
    await admin.getByLabel('Título do capítulo 2').fill('Separação do material');
    await admin.getByLabel('Publicado', { exact: true }).check();
    await checkPage(admin, 'admin-catalogue-video-editor');
    await admin.getByRole('button', { name: 'Criar vídeo' }).click();
    await admin.getByText('Vídeo criado', { exact: true }).waitFor();
    await heading1(admin, 'Vídeos');

    await admin.getByRole('link', { name: `Editar ${title}` }).first().click();
    await heading1(admin, 'Editar vídeo');
    expect(await admin.getByLabel('Início do capítulo 1').inputValue()).toBe('00:00');
    // Issue 30: the upload was queued for HLS; the editor follows the job until the ladder is ready.
    await admin.getByText('Pronto para streaming: 240p, 360p, 720p.', { exact: true }).waitFor({ timeout: 60000 });
    await upload(admin, 'Enviar transcrição', { name: 'legenda.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
    await admin.getByText(/Transcrição atual: 2 falas \(VTT\)/).waitFor();
    await checkPage(admin, 'admin-catalogue-video-transcript');

    const member = await newPage();
    await signInThroughPage(member, frontends.shellUrl, MEMBER);
    const hlsFiles: string[] = [];
    member.on('response', (response) => {
      const match = /\/v1\/files\/hls\/[^/]+\/[^/]+\/(.+)$/.exec(new URL(response.url()).pathname);
      if (match && response.status() === 200) hlsFiles.push(match[1]!);
    });
    await open(member, `/videos/${slug}`, title);
    const chapters = member.getByRole('region', { name: 'Capítulos' }).or(member.locator('section[aria-labelledby="chapters-title"]')).first();
    await chapters.getByRole('button', { name: /Separação do material/ }).waitFor();
    await chapters.getByRole('button', { name: /Descarte da agulha/ }).waitFor();
    await member.locator('video').evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    await member.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 15000 });
    // hls.js (wherever Media Source runs, even where the browser plays HLS itself, as Debian's Chromium 156 does)
    // started from the lowest rendition; "Qualidade" → 720p fetches the other one.
    expect(await member.locator('video').getAttribute('data-source')).toBe('hls.js');
    // The first segment played before hls.js arrived (the head start), then hls.js took the same Media Source over.
    expect(hlsFiles).toEqual(expect.arrayContaining(['master.m3u8', '240p/index.m3u8', '240p/init_0.mp4', '240p/seg-00000.m4s']));
    const qualities = await member.getByLabel('Qualidade').locator('option').allTextContents();
    expect(qualities).toEqual(['Automática', '240p', '360p', '720p']);
    await member.getByLabel('Qualidade').selectOption({ label: '720p' });
    await member.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 15000 });
    await chapters.getByRole('button', { name: /Descarte da agulha/ }).click();
    await member.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 4, undefined, { timeout: 15000 });
    for (let waited = 0; waited < 15000 && !hlsFiles.some((file) => file.startsWith('720p/seg-')); waited += 250) await member.waitForTimeout(250);
    expect(hlsFiles).toEqual(expect.arrayContaining(['720p/index.m3u8']));
    expect(hlsFiles.some((file) => /^720p\/seg-\d{5}\.m4s$/.test(file))).toBe(true);
    await screenshot(member, 'admin-catalogue-video-member-1280');

    // Resume under HLS: the member stops at ~4 s (a pause is reported at once) and comes back; hls.js
    // opens the ladder where they stopped and loads that part first, not the opening segment.
    await chapters.getByRole('button', { name: /Descarte da agulha/ }).click();
    await member.waitForFunction(() => {
      const video = document.querySelector('video');
      return Boolean(video && video.currentTime >= 4 && !video.seeking);
    }, undefined, { timeout: 15000 });
    const paused = member.waitForResponse((response) => response.url().includes('/v1/me/progress/videos/') && response.request().method() === 'PUT');
    await member.locator('video').evaluate((video: HTMLVideoElement) => video.pause());
    expect((await paused).status()).toBe(200);
    const stoppedAt = await member.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);
    hlsFiles.length = 0;
    await member.reload({ waitUntil: 'domcontentloaded' });
    await heading1(member, title);
    await member.getByText('Continuando de onde você parou.', { exact: true }).waitFor();
    await member.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 15000 });
    const resumedAt = await member.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);
    expect(Math.abs(resumedAt - stoppedAt)).toBeLessThanOrEqual(2);
    expect(await member.locator('video').getAttribute('data-source')).toBe('hls.js');
    const firstSegment = hlsFiles.find((file) => file.endsWith('.m4s'));
    expect(firstSegment).toMatch(/^240p\/seg-\d{5}\.m4s$/);
    expect(firstSegment).not.toBe('240p/seg-00000.m4s');
  });
});
