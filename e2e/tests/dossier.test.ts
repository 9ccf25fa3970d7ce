import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { pdfText } from '../../api/test/helpers/pdf-text';
import { api, idTokenFor } from '../support/account';
import { checkPage } from '../support/axe';
import { openBrowser, type BrowserSession } from '../support/browser';
import { moveApiClock, resetApiClock } from '../support/dossier';
import { attachQuizThroughPage, publishRevisionThroughPage } from '../support/dossier-admin';
import { Frontends } from '../support/frontends';
import { ADMIN, signInThroughPage } from '../support/session';
import { newLabAccount, newTechnician, type LabAccount, type Member } from '../support/team';

// Issue 31, "Done when": the competence dossier's journey in the browser, against the real API, the
// Auth emulator and the production build. The manager creates a function requiring a video with an
// assessment and assigns a technician on /equipe; the technician fails once, passes and gets the
// certificate; the manager signs the authorization (the password asked again: a wrong one signs
// nothing); a new revision of the document makes the certificate "Substituído" and the item due again
// on Minha trilha; passed again, then the API's clock past the 12 months: "Vencido"; the dossier's CSV
// and PDF (text read with PDF.js) hold all of it.
// The admin's steps (the quiz, the revisions) go through the catalogue editor's "Avaliação" and
// "Documento" sections (support/dossier-admin.ts).

const frontends = new Frontends();
const sessions: BrowserSession[] = [];
const VIDEO = { slug: 'limpeza-da-centrifuga', title: 'Limpeza da centrífuga' };
const FUNCTION = 'Técnico de centrífuga';
const ACTIVITY = 'Limpeza e manutenção da centrífuga';
const RIGHT = 'Detergente neutro, depois álcool 70 %';
const WRONG = 'Água sanitária pura';
const QUIZ = {
  passMarkPercent: 100,
  maxAttempts: 3,
  questions: [{ kind: 'SINGLE' as const, text: 'Com que se limpa a câmara da centrífuga?', explanation: 'O hipoclorito puro corrói o rotor.', options: [{ text: RIGHT, correct: true }, { text: WRONG, correct: false }] }],
};

interface Plan {
  _id: string;
  name: string;
}

let adminToken: string;
let lab: LabAccount;
let technician: Member;
let accountId: string;

async function signedInPage(person: { email: string; password: string }): Promise<Page> {
  const session = await openBrowser();
  sessions.push(session);
  await signInThroughPage(session.page, frontends.shellUrl, person);
  return session.page;
}

const open = (page: Page, pathname: string) => page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
const heading = (page: Page, name: string, level = 1) => page.getByRole('heading', { level, name, exact: true }).waitFor({ timeout: 20000 });

/** Plays the video to the end with the player's own shortcut (k), as the team journey does. */
async function watchToTheEnd(page: Page): Promise<void> {
  await open(page, `/videos/${VIDEO.slug}`);
  await heading(page, VIDEO.title);
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, { timeout: 15000 });
  await page.locator('video').focus();
  const finished = page.waitForResponse((response) => response.url().includes('/v1/me/progress/videos/') && response.request().method() === 'PUT' && response.status() === 200, { timeout: 30000 });
  await page.keyboard.press('k');
  await page.waitForFunction(() => document.querySelector('video')?.ended === true, undefined, { timeout: 30000 });
  await finished;
}

/** One attempt on the video page's assessment panel: the answer chosen by its text; the result's text. */
async function takeAssessment(page: Page, answer: string): Promise<Locator> {
  const panel = page.getByRole('region', { name: 'Avaliação' });
  await panel.getByRole('button', { name: /Fazer a avaliação|Continuar a avaliação/ }).click({ timeout: 20000 });
  await panel.getByRole('radio', { name: answer }).check();
  await panel.getByRole('button', { name: 'Enviar respostas' }).click();
  const result = panel.getByRole('status', { name: 'Resultado da avaliação' });
  await result.waitFor({ timeout: 20000 });
  return result;
}

/** The certificate code from the result's "Ver o certificado" link. */
async function certificateCode(result: Locator): Promise<string> {
  const href = await result.getByRole('link', { name: 'Ver o certificado' }).getAttribute('href');
  const code = href?.split('/').pop() ?? '';
  expect(code).toMatch(/^[0-9A-Z]{10}$/);
  return code;
}

/** A file the page downloads when `button` is clicked (with the manager's token, as a person would). */
async function download(page: Page, button: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFileSync((await file.path())!);
}

beforeAll(async () => {
  await frontends.startAll();
  adminToken = (await idTokenFor(ADMIN.email, ADMIN.password)).idToken;
  const mensal = (await api<{ data: Plan[] }>('GET', '/plans')).body.data.find((plan) => plan.name === 'Mensal')!;
  lab = await newLabAccount(mensal._id);
  technician = await newTechnician(lab);
  accountId = (await api<{ account: { id: string } }>('GET', '/team', lab.manager.token)).body.account.id;
});

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

afterAll(async () => {
  // The clock goes back for the suite's other files, whatever happened here.
  if (adminToken) await resetApiClock(adminToken).catch(() => undefined);
  await frontends.stopAll();
});

describe('The competence dossier (issue 31, Done when)', () => {
  it('When the manager requires a video with an assessment and the technician fails, passes, is authorized, a new revision comes and the validity passes, then the pages say Válido, Substituído, Vencido and the dossier holds it all', async () => {
    // The admin, on the video's editor: the quiz, then the document's first controlled revision.
    const video = (await api<{ _id: string }>('GET', `/videos/${VIDEO.slug}`, adminToken)).body;
    const admin = await signedInPage(ADMIN);
    await attachQuizThroughPage(admin, frontends.shellUrl, 'videos', video._id, QUIZ);
    const first = await publishRevisionThroughPage(admin, frontends.shellUrl, 'videos', video._id, { documentCode: 'POP-CEN-001', revision: 1, effectiveDate: '2026-01-05', changeSummary: 'Versão controlada inicial' });
    expect(first.label).toBe('POP-CEN-001 rev. 1');

    // The manager creates the function on /equipe and assigns the technician.
    const manager = await signedInPage(lab.manager);
    await open(manager, '/equipe');
    await heading(manager, 'Equipe');
    const functions = manager.getByRole('region', { name: 'Funções e requisitos' });
    await functions.getByRole('button', { name: 'Nova função' }).click({ timeout: 20000 });
    await functions.getByRole('button', { name: 'Criar a função' }).click();
    await functions.getByText('Dê um nome à função, com pelo menos 3 letras (ex.: Técnico de coleta).').waitFor();
    await functions.getByLabel('Nome da função').fill(FUNCTION);
    await functions.getByLabel('Item 1', { exact: true }).selectOption({ label: `Vídeo: ${VIDEO.title}` });
    await functions.getByLabel('Validade do item 1 (meses)').fill('12');
    await checkPage(manager, 'dossier-function-form');
    await functions.getByRole('button', { name: 'Criar a função' }).click();
    const card = functions.getByRole('article', { name: FUNCTION });
    await card.getByText(`${VIDEO.title} — vale 12 meses`).waitFor({ timeout: 20000 });
    await card.getByLabel(`Atribuir ${FUNCTION} a`).selectOption({ label: technician.name });
    await card.getByRole('button', { name: 'Atribuir', exact: true }).click();
    await card.getByRole('button', { name: `Retirar a função ${FUNCTION} de ${technician.name}` }).waitFor({ timeout: 20000 });
    await checkPage(manager, 'dossier-functions');

    // The technician: the item is on Minha trilha; watched to the end, failed once, then passed.
    const tech = await signedInPage(technician);
    await open(tech, '/equipe/trilha');
    await heading(tech, 'Minha trilha');
    const line = tech.getByRole('region', { name: FUNCTION }).getByRole('listitem').filter({ hasText: VIDEO.title });
    await line.getByText('A fazer').waitFor({ timeout: 20000 });
    await line.getByText('POP-CEN-001 rev. 1').waitFor();
    await watchToTheEnd(tech);
    const failed = await takeAssessment(tech, WRONG);
    await failed.getByText('Não aprovado: 0 % (mínimo 100 %)').waitFor();
    const passed = await takeAssessment(tech, RIGHT);
    await passed.getByText('Aprovado com 100 %').waitFor();
    const firstCode = await certificateCode(passed);
    await open(tech, `/certificados/${firstCode}`);
    await heading(tech, 'Certificado válido');
    await tech.getByText('POP-CEN-001 rev. 1').first().waitFor();

    // The manager signs the authorization: a wrong password signs nothing; the right one signs.
    const authorizations = manager.getByRole('region', { name: 'Autorizações assinadas' });
    await open(manager, '/equipe');
    await authorizations.getByRole('button', { name: 'Assinar autorização' }).click({ timeout: 20000 });
    const dialog = manager.getByRole('dialog', { name: 'Assinar autorização' });
    await dialog.getByLabel('Pessoa').selectOption({ label: technician.name });
    await dialog.getByLabel('Atividade autorizada').fill(ACTIVITY);
    await dialog.getByRole('checkbox', { name: `${VIDEO.title} (POP-CEN-001 rev. 1) — em dia` }).check();
    await dialog.getByRole('radio', { name: 'Autorizo' }).check();
    await dialog.getByLabel('Sua senha').fill('senha-errada-123');
    await checkPage(manager, 'dossier-sign-dialog');
    await dialog.getByRole('button', { name: 'Assinar', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Senha incorreta. Nada foi assinado.' }).waitFor({ timeout: 20000 });
    expect((await api<{ data: unknown[] }>('GET', `/authorizations/accounts/${accountId}`, lab.manager.token)).body.data).toEqual([]);
    await dialog.getByLabel('Sua senha').fill(lab.manager.password);
    await dialog.getByRole('button', { name: 'Assinar', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20000 });
    const signed = authorizations.getByRole('row', { name: new RegExp(ACTIVITY) });
    await signed.getByText('Em vigor').waitFor({ timeout: 20000 });
    await signed.getByText(new RegExp(`^Autorizo — ${lab.manager.name}, `)).waitFor();
    await manager.getByRole('table', { name: 'Trilha de auditoria' }).getByText(`Atribuiu a função "${FUNCTION}" a ${technician.name}.`).waitFor();
    await checkPage(manager, 'dossier-authorizations');

    // The admin publishes revision 2: the certificate is superseded and the item is due again.
    const second = await publishRevisionThroughPage(admin, frontends.shellUrl, 'videos', video._id, { revision: 2, effectiveDate: '2026-02-01', changeSummary: 'Novo desinfetante', dueInDays: 15 });
    expect(second.label).toBe('POP-CEN-001 rev. 2');
    // The confirmation said whom it reaches before publishing: the technician, who had passed.
    expect(second.confirmation).toMatch(/1 pessoa/);
    await open(tech, `/certificados/${firstCode}`);
    await heading(tech, 'Certificado substituído');
    await tech.getByText('Substituído (nova revisão do documento)').waitFor();
    await open(tech, '/equipe/trilha');
    await line.getByText('Nova revisão a fazer').waitFor({ timeout: 20000 });
    await line.getByText('POP-CEN-001 rev. 2').waitFor();
    await checkPage(tech, 'dossier-trail-revision-due');

    // Passed again in revision 2, then the API's clock 13 months ahead: past the 12 months, "Vencido".
    await open(tech, `/videos/${VIDEO.slug}`);
    await heading(tech, VIDEO.title);
    const renewed = await takeAssessment(tech, RIGHT);
    await renewed.getByText('Aprovado com 100 %').waitFor();
    const secondCode = await certificateCode(renewed);
    expect(secondCode).not.toBe(firstCode);
    await moveApiClock(adminToken, 396);
    await open(tech, `/certificados/${secondCode}`);
    await heading(tech, 'Certificado vencido');
    await tech.getByText('Vencido', { exact: true }).first().waitFor();
    await checkPage(tech, 'dossier-certificate-expired');
    await open(tech, '/equipe/trilha');
    await line.getByText('Vencida').waitFor({ timeout: 20000 });

    // The dossier, from /equipe: the CSV and the PDF hold the function, the item, each revision, the
    // score against the pass mark, the authorization and its signature; the PDF prints the CSV's SHA-256.
    await open(manager, '/equipe');
    const competence = manager.getByRole('region', { name: 'Competências (ISO/IEC 17025)' });
    await competence.getByRole('row', { name: new RegExp(technician.name) }).waitFor({ timeout: 20000 });
    const csv = await download(manager, competence.getByRole('button', { name: `Dossiê de ${technician.name} em CSV` }));
    const csvText = csv.toString('utf8');
    const requirement = csvText.split(/\r?\n/).find((row) => row.startsWith('Requisito') && row.includes(VIDEO.title));
    expect(requirement).toBeDefined();
    for (const expected of [technician.name, FUNCTION, 'POP-CEN-001 rev. 2', 'Vencida', '100']) expect(requirement).toContain(expected);
    const authorization = csvText.split(/\r?\n/).find((row) => row.startsWith('Autorização'));
    for (const expected of [ACTIVITY, VIDEO.title, 'Em vigor', lab.manager.name, 'Autorizo']) expect(authorization).toContain(expected);

    const pdf = await download(manager, competence.getByRole('button', { name: `Dossiê de ${technician.name} em PDF` }));
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const expected of [lab.name, technician.name, FUNCTION, VIDEO.title, 'POP-CEN-001 rev. 2', 'Vencida', ACTIVITY, 'Autorizo', lab.manager.name]) expect(text).toContain(expected);
    expect(text).toContain(createHash('sha256').update(csv).digest('hex'));

    const matrix = (await pdfText(await download(manager, competence.getByRole('button', { name: 'Matriz em PDF' })))).replace(/\s+/g, ' ');
    for (const expected of ['Matriz de competência', lab.name, technician.name, FUNCTION, VIDEO.title, 'Vencida', '0 de 1']) expect(matrix).toContain(expected);
  });
});
