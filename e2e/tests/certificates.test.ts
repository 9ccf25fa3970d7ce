import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { api } from '../support/account';
import { checkPage } from '../support/axe';
import { openBrowser, type BrowserSession } from '../support/browser';
import { createMember, decodeQrPng, pdfText } from '../support/certificates';
import { Frontends } from '../support/frontends';
import { signInThroughPage } from '../support/session';
import { API_URL } from '../support/stack';

// Certificates of completion (issue 16, point 5), against the real API, the emulator and the
// production build: a member finishes a video, downloads the certificate from "Meus vídeos", its QR
// code leads to the public page that says it is genuine; a made-up code is not; a corrected name
// issues a new version and the old code says which version replaced it.

const frontends = new Frontends();
let session: BrowserSession;
let page: Page;
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const member = { name: `Helena Certificada ${unique}`, email: `helena.${unique}@lab.test`, password: 'Segura#2026' };
const LABORATORY = {
  name: 'Laboratório Vida',
  cnpj: '11.222.333/0001-81',
  phone: '(11) 3456-7890',
  address: { cep: '01310-100', street: 'Av. Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
};
const VIDEO = { slug: 'demonstracao-coleta-segura', title: 'Demonstração: coleta segura', durationSeconds: 8 };

beforeAll(async () => {
  await frontends.startAll();
  session = await openBrowser();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
  await frontends.stopAll();
});

async function heading(name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 20000 });
}

describe('certificates', () => {
  it('When a member finishes a video, then "Meus vídeos" downloads the certificate, its QR code opens the page that says it is genuine; a made-up code is not', async () => {
    const { token, id } = await createMember(API_URL, member);
    expect((await api('PATCH', `/users/${id}`, token, { laboratory: LABORATORY })).status).toBe(200);

    // The player's reports, as it sends them: the start, then the end 3 s later (the server credits at most 2× the clock + 3 s).
    const video = await api<{ _id: string }>('GET', `/videos/${VIDEO.slug}`, token);
    const report = (positionSeconds: number) => api<{ finished: boolean }>('PUT', `/me/progress/videos/${video.body._id}`, token, { positionSeconds, durationSeconds: VIDEO.durationSeconds });
    expect((await report(0)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await report(VIDEO.durationSeconds)).body.finished).toBe(true);

    await signInThroughPage(page, frontends.shellUrl, member);
    await page.goto(`${frontends.shellUrl}/meus-conteudos/videos`, { waitUntil: 'domcontentloaded' });
    await heading('Meus vídeos');
    const pdfLink = page.getByRole('link', { name: `Certificado (PDF): ${VIDEO.title}` });
    await pdfLink.waitFor({ timeout: 20000 });
    await checkPage(page, 'certificates-my-videos');

    const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    const text = (await pdfText(readFileSync((await download.path())!))).replace(/\s+/g, ' ');
    expect(text).toContain('Certificado de conclusão');
    expect(text).toContain(member.name);
    expect(text).toContain(VIDEO.title);
    expect(text).toContain('Laboratório Vida — CNPJ 11.222.333/0001-81');
    const code = /Código: ([0-9A-Z]{10})/.exec(text)?.[1];
    expect(code).toMatch(/^[0-9A-Z]{10}$/);
    expect(download.suggestedFilename()).toBe(`certificado-${code}.pdf`);

    // The QR code the page shows (the same one the PDF prints) holds the public page's address.
    const qr = await fetch(`${API_URL}/v1/certificates/${code}/qr.png`);
    expect(qr.headers.get('content-type')).toBe('image/png');
    const url = decodeQrPng(Buffer.from(await qr.arrayBuffer()));
    expect(url).toBe(`${frontends.shellUrl}/certificados/${code}`);
    expect(text).toContain(url);

    // Opened by someone else (no session): genuine.
    const visitor = await openBrowser();
    try {
      const visitorPage = visitor.page;
      await visitorPage.goto(url!, { waitUntil: 'domcontentloaded' });
      await visitorPage.getByRole('heading', { level: 1, name: 'Certificado válido', exact: true }).waitFor({ timeout: 20000 });
      const facts = visitorPage.getByRole('region', { name: 'Dados do certificado' });
      await expect(facts.textContent()).resolves.toContain(member.name);
      await expect(facts.textContent()).resolves.toContain('11.222.333/0001-81');
      const image = visitorPage.getByRole('img', { name: `QR code com o endereço desta página (código ${code})` });
      await visitorPage.waitForFunction((selector) => {
        const img = document.querySelector<HTMLImageElement>(selector);
        return Boolean(img && img.complete && img.naturalWidth > 0);
      }, '.certificate__qr');
      expect(await image.getAttribute('src')).toBe(`${API_URL}/v1/certificates/${code}/qr.png`);
      await checkPage(visitorPage, 'certificates-valid');

      await visitorPage.goto(`${frontends.shellUrl}/certificados/ZZZZ9999ZZ`, { waitUntil: 'domcontentloaded' });
      await visitorPage.getByRole('heading', { level: 1, name: 'Certificado não encontrado', exact: true }).waitFor({ timeout: 20000 });
      await visitorPage.getByText(/tem 10 letras e números/).waitFor();
      await checkPage(visitorPage, 'certificates-not-found');

      // A corrected name: a new version; the old code still verifies and points at it.
      expect((await api('PATCH', `/users/${id}`, token, { name: `${member.name} Souza` })).status).toBe(200);
      await visitorPage.goto(url!, { waitUntil: 'domcontentloaded' });
      await visitorPage.getByText('Substituído pela versão 2').waitFor({ timeout: 20000 });
      await checkPage(visitorPage, 'certificates-superseded');
      await visitorPage.getByRole('link', { name: 'Ver a versão 2 (atual)' }).click();
      await visitorPage.getByText('Versão atual').waitFor();
      await expect(visitorPage.getByRole('region', { name: 'Dados do certificado' }).textContent()).resolves.toContain(`${member.name} Souza`);
    } finally {
      await visitor.close();
    }
  });
});
