import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { pdfText } from '../../api/test/helpers/pdf-text';
import { api, idTokenFor } from '../support/account';
import { checkPage } from '../support/axe';
import { openBrowser, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { decodeQrDataUrl, parseEmv } from '../support/pix';
import { signInThroughPage } from '../support/session';
import { API_URL, KNOWN_CEP } from '../support/stack';
import { finishVideo, invite, newLabAccount, newMember, newPerson, newTechnician, type Member } from '../support/team';

// Issue 16, the laboratory manager's journey against the real API, the emulator and the production
// build: buy Mensal for 3 seats and pay the PIX, invite technicians (one accepts by signing up with
// the invited e-mail, someone signed in with another e-mail is refused), a technician plays a video
// to the end, and the manager's /equipe, its CSV and PDF and the certificate's QR code all show it.
// Each test starts from its own laboratory and people, set up through the API (support/team.ts):
// one failing leaves the others' starting point as it was.

const frontends = new Frontends();
const sessions: BrowserSession[] = [];
const CNPJ = '11222333000181';
const VIDEO = { slug: 'calibracao-de-pipetas-na-bancada', title: 'Calibração de pipetas na bancada', durationSeconds: 6 };

interface Plan {
  _id: string;
  name: string;
  priceCents: number;
}
interface Profile {
  _id: string;
  subscription: string | null;
  hasActiveSubscription: boolean;
  team: { role: string; laboratoryName: string } | null;
}

async function newPage(): Promise<Page> {
  const session = await openBrowser();
  sessions.push(session);
  return session.page;
}

async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
}

async function heading(page: Page, name: string, level = 1): Promise<void> {
  await page.getByRole('heading', { level, name, exact: true }).waitFor({ timeout: 20000 });
}

async function tokenOf(person: { email: string; password: string }): Promise<{ token: string; profile: Profile }> {
  const { idToken, localId } = await idTokenFor(person.email, person.password);
  const { body } = await api<Profile>('GET', `/users/provider/${localId}`, idToken);
  return { token: idToken, profile: body };
}

/** Sign-up and onboarding through the pages (the Guard then sends the person where they were going). */
async function signUpAndOnboard(page: Page, person: { name: string; email: string; password: string }, laboratory: string): Promise<void> {
  await page.getByLabel('Nome completo').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByLabel('Confirme a senha').fill(person.password);
  await page.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await heading(page, 'Dados do laboratório');
  await page.getByLabel('Nome do laboratório').fill(laboratory);
  await page.getByLabel('CNPJ').fill(CNPJ);
  await page.getByLabel('Telefone').fill('11987654321');
  await page.getByLabel('CEP').fill(KNOWN_CEP.cep);
  await page.getByText('Endereço preenchido pelo CEP. Confira e informe o número.').waitFor();
  await page.getByLabel('Número').fill('1000');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
}

/** The path of an invitation link (the API builds it on PUBLIC_WEB_URL, the suite's shell). */
const pathOf = (url: string) => new URL(url).pathname;

/** A new browser where `member` signed in through the login page. */
async function signedInPage(member: Member): Promise<Page> {
  const page = await newPage();
  await signInThroughPage(page, frontends.shellUrl, member);
  return page;
}

let mensal: Plan;

beforeAll(async () => {
  await frontends.startAll();
  mensal = (await api<{ data: Plan[] }>('GET', '/plans')).body.data.find((plan) => plan.name === 'Mensal')!;
});

// Each test's browsers close with it: no test leaves a signed-in tab to the next.
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

afterAll(async () => {
  await frontends.stopAll();
});

describe('laboratory accounts', () => {
  it('When a lab manager buys Mensal for 3 seats, then the total and the PIX charge 3 × the price, and paying opens the team', async () => {
    const manager = newPerson('Gestora');
    const page = await newPage();
    await open(page, '/autenticacao/registro');
    await signUpAndOnboard(page, manager, `Laboratório Equipe ${manager.name}`);
    await heading(page, 'Bem-vindo ao Clube');

    await open(page, `/checkout/assinar?planId=${mensal._id}`);
    await page.getByRole('heading', { name: 'Plano Mensal' }).waitFor({ timeout: 20000 });
    const seats = page.getByLabel('Número de assentos');
    await seats.fill('3');
    const money = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\s/g, ' ');
    expect((await page.getByTestId('checkout-total').textContent())?.replace(/\s/g, ' ')).toBe(money(3 * mensal.priceCents));
    await checkPage(page, 'team-checkout-seats');
    await page.getByRole('button', { name: 'Gerar PIX' }).click();

    const code = page.getByLabel('PIX copia e cola');
    await code.waitFor({ timeout: 20000 });
    const payload = await code.inputValue();
    expect(parseEmv(payload).get('54')).toBe(((3 * mensal.priceCents) / 100).toFixed(2));
    expect(decodeQrDataUrl((await page.getByRole('img', { name: /QR Code do PIX/ }).getAttribute('src'))!)).toBe(payload);

    const { token, profile } = await tokenOf(manager);
    const pix = await api<{ invoiceId: string; amountCents: number }>('GET', `/subscriptions/${profile.subscription}/pixQRCode`, token);
    expect(pix.body.amountCents).toBe(3 * mensal.priceCents);
    expect((await api('POST', `/sandbox/invoices/${pix.body.invoiceId}/pay`, token)).status).toBe(200);
    await heading(page, 'Boas-vindas ao Clube!', 2);
    await page.getByRole('link', { name: 'Ir para a Equipe' }).click();
    await heading(page, 'Equipe');
    await page.getByText('1 de 3 em uso · 2 livres').waitFor({ timeout: 20000 });
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Equipe' }).waitFor();
  });

  it('When the manager invites two technicians, then each gets a one-time link and both are pending', async () => {
    const lab = await newLabAccount(mensal._id);
    const page = await signedInPage(lab.manager);
    await open(page, '/equipe');
    await heading(page, 'Equipe');
    await page.getByText('1 de 3 em uso · 2 livres').waitFor({ timeout: 20000 });
    const inviteUrls: string[] = [];
    for (const { email } of [newPerson('Técnico'), newPerson('Técnica')]) {
      await page.getByLabel('E-mail da pessoa').fill(email);
      await page.getByRole('button', { name: 'Enviar convite' }).click();
      const link = page.getByLabel('Link do convite');
      await page.waitForFunction((previous) => {
        const input = document.querySelector<HTMLInputElement>('input[readonly]');
        return Boolean(input?.value && !previous.includes(input.value));
      }, inviteUrls);
      inviteUrls.push(await link.inputValue());
      await page.getByRole('table', { name: 'Convites pendentes' }).getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) }).waitFor();
    }
    expect(inviteUrls.map(pathOf)).toEqual([expect.stringMatching(/^\/equipe\/convite\/[^/]+$/), expect.stringMatching(/^\/equipe\/convite\/[^/]+$/)]);
    expect(new URL(inviteUrls[0]!).origin).toBe(frontends.shellUrl);
    await checkPage(page, 'team-equipe-invited');
  });

  it('When a technician opens the invitation link, then it names who invited them, "Criar conta" keeps the invited e-mail, they accept before onboarding, give only their name and watch a video — no CNPJ anywhere', async () => {
    const lab = await newLabAccount(mensal._id);
    const technician = newPerson('Técnico');
    const inviteUrl = await invite(lab, technician.email);
    const page = await newPage();
    await page.goto(inviteUrl, { waitUntil: 'domcontentloaded' });
    await heading(page, 'Convite para a equipe');
    await page.getByText(`${lab.manager.name} convidou você para a equipe do ${lab.name} no Clube.`).waitFor({ timeout: 20000 });
    await checkPage(page, 'team-invitation-guest');
    await page.getByRole('main').getByRole('link', { name: 'Criar conta' }).click();
    await heading(page, 'Criar conta');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(technician.email);
    await page.getByLabel('Nome completo').fill(technician.name);
    await page.getByLabel('Senha', { exact: true }).fill(technician.password);
    await page.getByLabel('Confirme a senha').fill(technician.password);
    await page.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' }).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();

    await heading(page, 'Convite para a equipe');
    await page.getByRole('heading', { name: `Equipe do ${lab.name}` }).waitFor();
    await checkPage(page, 'team-invitation');
    await page.getByRole('button', { name: 'Aceitar convite' }).click();
    await page.getByText(`Você agora faz parte da equipe de ${lab.name}. Seu acesso ao Clube já está liberado.`).waitFor();
    await checkPage(page, 'team-invitation-accepted');
    await page.getByRole('link', { name: 'Ver os vídeos' }).click();

    await heading(page, 'Seu nome');
    expect(await page.getByLabel('CNPJ').count()).toBe(0);
    await checkPage(page, 'onboarding-technician');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await heading(page, 'Vídeos');
    await open(page, `/videos/${VIDEO.slug}`);
    await heading(page, VIDEO.title);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, { timeout: 15000 });
    await page.locator('video').focus();
    await page.keyboard.press('k');
    await page.waitForFunction(() => document.querySelector('video')?.ended === true, undefined, { timeout: 30000 });

    const { profile } = await tokenOf(technician);
    expect(profile).toMatchObject({ hasActiveSubscription: true, laboratory: null, onboardingCompleted: true, consent: { current: true }, team: { role: 'TECHNICIAN', laboratoryName: lab.name } });
  });

  it('When someone signed in with another e-mail opens an invitation and accepts, then it is refused in Portuguese', async () => {
    const lab = await newLabAccount(mensal._id);
    const invitee = newPerson('Convidada');
    const inviteUrl = await invite(lab, invitee.email);
    const other = await newMember('Outra');
    const page = await newPage();
    await page.goto(inviteUrl, { waitUntil: 'domcontentloaded' });
    await heading(page, 'Convite para a equipe');
    await page.getByRole('main').getByRole('link', { name: 'Já tenho conta' }).click();
    await heading(page, 'Entrar');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(invitee.email);
    await signInThroughPage(page, frontends.shellUrl, other);
    await heading(page, 'Convite para a equipe');
    await page.getByText(`Você entrou como ${other.email}, mas o convite é para ${invitee.email}.`).waitFor();
    await page.getByRole('button', { name: 'Aceitar convite' }).click();
    await page.getByRole('alert').filter({ hasText: 'Este convite foi enviado para outro e-mail. Entre com o e-mail convidado.' }).waitFor();
    await page.getByRole('button', { name: 'Sair e entrar com o e-mail convidado' }).waitFor();
    await checkPage(page, 'team-invitation-wrong-email');
    const { profile } = await tokenOf(other);
    expect(profile.team).toBeNull();
  });

  it('When a technician plays a subscribers’ video to the end, then a certificate is issued for it', async () => {
    const technician = await newTechnician(await newLabAccount(mensal._id));
    const page = await signedInPage(technician);
    await open(page, `/videos/${VIDEO.slug}`);
    await heading(page, VIDEO.title);
    const video = page.locator('video');
    await video.waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, { timeout: 15000 });
    await video.focus();
    await page.keyboard.press('k'); // the player's own shortcut: play
    const finished = page.waitForResponse((response) => response.url().includes('/v1/me/progress/videos/') && response.request().method() === 'PUT' && response.status() === 200, { timeout: 30000 });
    await page.waitForFunction(() => document.querySelector('video')?.ended === true, undefined, { timeout: 30000 });
    await finished;

    const { token } = await tokenOf(technician);
    let certificates: Array<{ code: string; videoTitle: string }> = [];
    for (let attempt = 0; attempt < 20 && certificates.length === 0; attempt += 1) {
      certificates = (await api<{ data: Array<{ code: string; videoTitle: string }> }>('GET', '/me/certificates', token)).body.data;
      if (certificates.length === 0) await page.waitForTimeout(500);
    }
    expect(certificates).toEqual([expect.objectContaining({ videoTitle: VIDEO.title })]);
  });

  it('When the manager opens /equipe, then the technician shows the video with hours, and the CSV and the PDF hold the row', async () => {
    const lab = await newLabAccount(mensal._id);
    const technician = await newTechnician(lab);
    const certificateCode = await finishVideo(technician, VIDEO.slug, VIDEO.durationSeconds);
    const { manager } = lab;
    const page = await signedInPage(manager);
    const { token } = await tokenOf(manager);
    const training = await api<{ people: Array<{ email: string; videosFinished: number; timeWatched: string }> }>('GET', '/team/training', token);
    const row = training.body.people.find((person) => person.email === technician.email)!;
    expect(row.videosFinished).toBe(1);

    await open(page, '/equipe');
    await heading(page, 'Equipe');
    const table = page.getByRole('table', { name: 'Treinamento por pessoa' });
    const person = table.getByRole('row', { name: new RegExp(technician.name) });
    await person.waitFor({ timeout: 20000 });
    const cells = await person.getByRole('cell').allTextContents();
    // The time as watched, in words (a 6-second video reads "6 s", not "0,1 h").
    expect(cells.slice(1, 4)).toEqual(['Técnico', '1', row.timeWatched]);
    expect(row.timeWatched).toBe(`${VIDEO.durationSeconds} s`);
    await page.getByText(`Vídeos de ${technician.name} (1)`).click();
    const item = page.getByRole('table', { name: `Vídeos concluídos por ${technician.name}` }).getByRole('row', { name: new RegExp(VIDEO.title) });
    expect(await item.getByRole('link', { name: certificateCode, exact: true }).getAttribute('href')).toBe(`/certificados/${certificateCode}`);
    await page.getByText('2 de 3 em uso · 1 livre').waitFor();
    await checkPage(page, 'team-equipe-training');

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await csvDownload.path())!, 'utf8');
    const csvRow = csv.split(/\r?\n/).find((line) => line.includes(technician.email));
    expect(csvRow).toBeDefined();
    expect(csvRow).toContain(VIDEO.title);
    expect(csvRow).toContain(certificateCode);

    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar PDF' }).click()]);
    expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
    const text = (await pdfText(readFileSync((await pdfDownload.path())!))).replace(/\s+/g, ' ');
    expect(text).toContain(lab.name);
    expect(text).toContain('11.222.333/0001-81');
    expect(text).toContain(technician.name);
    expect(text).toContain(VIDEO.title);
    expect(text).toContain(certificateCode);
  });

  it('When a technician’s certificate QR code is read, then its URL opens a page saying it is genuine, and a made-up code is not', async () => {
    const technician = await newTechnician(await newLabAccount(mensal._id));
    const certificateCode = await finishVideo(technician, VIDEO.slug, VIDEO.durationSeconds);
    const response = await fetch(`${API_URL}/v1/certificates/${certificateCode}/qr.png`);
    expect(response.status).toBe(200);
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    const url = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
    expect(url).toBe(`${frontends.shellUrl}/certificados/${certificateCode}`);

    const page = await newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await heading(page, 'Certificado válido');
    await page.getByText('Este certificado de conclusão foi emitido pelo Clube e é autêntico.').waitFor();
    await page.getByText(technician.name).first().waitFor();
    await checkPage(page, 'team-certificate-genuine');

    await open(page, '/certificados/ZZZZ9999XX');
    await heading(page, 'Certificado não encontrado');
    await checkPage(page, 'team-certificate-unknown');
  });
});
