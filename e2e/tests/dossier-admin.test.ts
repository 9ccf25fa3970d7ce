import type { Page } from 'playwright-core';
import { idTokenFor } from '../support/account';
import { checkPage } from '../support/axe';
import { openBrowser, type BrowserSession } from '../support/browser';
import { attachQuizThroughPage, openDossierSections, publishRevisionThroughPage } from '../support/dossier-admin';
import { Frontends } from '../support/frontends';
import { ADMIN, signInThroughPage } from '../support/session';
import { call, newLabAccount, newTechnician, type Member } from '../support/team';

// The admin's document and quiz editors (issue 31) on the production build, the real API and the
// emulator: the admin puts a video of a laboratory's function under document control, attaches a
// quiz and publishes a new revision through the pages (the confirmation says how many people it
// reaches); the technician's video page then shows the assessment and grades it on the server, and
// the admin sees the laboratory's competence, with nothing to sign.

const frontends = new Frontends();
const sessions: BrowserSession[] = [];
const run = Date.now().toString(36);

async function signedInPage(person: { email: string; password: string }): Promise<Page> {
  const session = await openBrowser();
  sessions.push(session);
  await signInThroughPage(session.page, frontends.shellUrl, person);
  return session.page;
}

beforeAll(async () => {
  await frontends.startAll();
});

afterAll(async () => {
  for (const session of sessions.splice(0)) await session.close();
  await frontends.stopAll();
});

describe('the admin edits the competence dossier of a video', () => {
  it('When the admin registers the document, attaches a quiz and publishes a new revision through the pages, then the technician whose function requires the video takes the assessment on the video page, and the admin sees the laboratory in order with nothing to sign', async () => {
    const { idToken: adminToken } = await idTokenFor(ADMIN.email, ADMIN.password);
    const [category] = (await call<{ data: { _id: string }[] }>('GET', '/categories', adminToken, undefined, 200)).data;
    const title = `Coleta segura e2e ${run}`;
    const video = await call<{ _id: string; slug: string }>(
      'POST',
      '/videos',
      adminToken,
      { title, description: 'Vídeo do dossiê.', source: { kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' }, durationSeconds: 8, categoryId: category!._id, access: 'FREE', status: 'PUBLISHED' },
      201,
    );
    // A laboratory whose function requires the video, held by one technician.
    const plans = (await call<{ data: { _id: string; name: string }[] }>('GET', '/plans', adminToken, undefined, 200)).data;
    const lab = await newLabAccount(plans.find((plan) => plan.name === 'Mensal')!._id);
    const technician: Member = await newTechnician(lab);
    const account = await call<{ account: { id: string } }>('GET', '/team', lab.manager.token, undefined, 200);
    const fn = await call<{ id: string }>(
      'POST',
      `/competence/accounts/${account.account.id}/functions`,
      lab.manager.token,
      { name: `Técnico de coleta ${run}`, requirements: [{ itemType: 'VIDEO', itemId: video._id, validityMonths: 12 }] },
      201,
    );
    await call('PUT', `/competence/accounts/${account.account.id}/functions/${fn.id}/assignees/${technician.id}`, lab.manager.token, undefined, 200);

    const admin = await signedInPage(ADMIN);
    const code = `POP-E2E-${run}`.toUpperCase();
    const first = await publishRevisionThroughPage(admin, frontends.shellUrl, 'videos', video._id, {
      documentCode: code.toLowerCase(),
      revision: 1,
      effectiveDate: '2026-01-10',
      changeSummary: 'Versão controlada inicial',
    });
    expect(first).toEqual({ label: `${code} rev. 1`, confirmation: `${code} rev. 1 coloca este item sob controle de documento, vigente desde 10/01/2026. Nenhuma conclusão é substituída: quem já concluiu continua em dia.` });

    await attachQuizThroughPage(admin, frontends.shellUrl, 'videos', video._id, {
      passMarkPercent: 100,
      maxAttempts: 2,
      questions: [
        {
          kind: 'SINGLE',
          text: 'Onde se descarta a agulha?',
          explanation: 'Na caixa rígida, sem reencapar.',
          options: [
            { text: 'No lixo comum', correct: false },
            { text: 'Na caixa rígida', correct: true },
          ],
        },
        {
          kind: 'MULTIPLE',
          text: 'Quais tubos levam EDTA?',
          options: [
            { text: 'Roxo', correct: true },
            { text: 'Rosa', correct: true },
            { text: 'Azul', correct: false },
          ],
        },
      ],
    });
    // What the API now holds is what the page showed.
    const key = await call<{ passMarkPercent: number; maxAttempts: number; questions: { kind: string; options: { text: string; correct: boolean }[] }[] }>(
      'GET',
      `/assessments/videos/${video._id}/key`,
      adminToken,
      undefined,
      200,
    );
    expect(key).toMatchObject({ passMarkPercent: 100, maxAttempts: 2 });
    expect(key.questions.map((question) => [question.kind, question.options.filter((option) => option.correct).map((option) => option.text)])).toEqual([
      ['SINGLE', ['Na caixa rígida']],
      ['MULTIPLE', ['Roxo', 'Rosa']],
    ]);

    await openDossierSections(admin, frontends.shellUrl, 'videos', video._id);
    await admin.getByText(/^Avaliação na versão 1: 2 pergunta\(s\), nota mínima 100 %, 2 tentativa\(s\)/).waitFor();
    await checkPage(admin, 'admin-dossier-editor');

    const second = await publishRevisionThroughPage(admin, frontends.shellUrl, 'videos', video._id, { changeSummary: 'Novo tubo de citrato', dueInDays: 15 });
    expect(second.label).toBe(`${code} rev. 2`);
    expect(second.confirmation).toMatch(/^1 pessoa tem uma função que exige este item: ele volta a ser devido para elas, com prazo até \d{2}\/\d{2}\/\d{4} \(15 dias\)\. /);
    expect(second.confirmation).toContain(`Das conclusões de ${code} rev. 1, nenhuma conclusão em vigor é substituída`);
    const history = admin.getByRole('table', { name: 'Histórico de revisões' });
    await history.getByRole('row', { name: new RegExp(`^${code} rev\\. 2 \\(vigente\\)`) }).waitFor();
    await history.getByRole('row', { name: new RegExp(`^${code} rev\\. 1 `) }).getByText('Primeira revisão').waitFor();

    // The technician watches the video to the end (the player's reports, credited against the clock) and takes the quiz.
    const member = await signedInPage(technician);
    await member.goto(`${frontends.shellUrl}/videos/${video.slug}`, { waitUntil: 'domcontentloaded' });
    const panel = member.getByRole('region', { name: 'Avaliação' });
    await panel.getByText('Nota mínima 100 % · 2 pergunta(s) · tentativas restantes nesta revisão: 2 de 2').waitFor({ timeout: 20000 });
    await panel.getByText('Assista ao vídeo até o fim para fazer a avaliação', { exact: false }).waitFor();
    await call('PUT', `/me/progress/videos/${video._id}`, technician.token, { positionSeconds: 0, durationSeconds: 8 }, 200);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await call<{ finished: boolean }>('PUT', `/me/progress/videos/${video._id}`, technician.token, { positionSeconds: 8, durationSeconds: 8 }, 200)).finished).toBe(true);
    await member.reload({ waitUntil: 'domcontentloaded' });
    await panel.getByRole('button', { name: 'Fazer a avaliação' }).click();
    const attempt = panel.getByRole('form', { name: 'Tentativa 1' });
    await attempt.getByRole('group', { name: /Onde se descarta a agulha\?/ }).getByLabel('Na caixa rígida').check();
    const tubes = attempt.getByRole('group', { name: /Quais tubos levam EDTA\?/ });
    await tubes.getByLabel('Roxo').check();
    await tubes.getByLabel('Rosa').check();
    await attempt.getByRole('button', { name: 'Enviar respostas' }).click();
    const result = panel.getByRole('status', { name: 'Resultado da avaliação' });
    await result.getByText('Aprovado com 100 %').waitFor({ timeout: 20000 });
    await result.getByText(/Na caixa rígida, sem reencapar\./).waitFor();
    await result.getByRole('link', { name: 'Ver o certificado' }).waitFor();

    // The admin sees the laboratory's competence on the manager's page, and nothing to sign there.
    await admin.goto(`${frontends.shellUrl}/admin/usuarios/${lab.manager.id}`, { waitUntil: 'domcontentloaded' });
    const competence = admin.getByRole('region', { name: 'Competências do laboratório' });
    await competence.getByText('Requisitos em dia no laboratório: 100 %.').waitFor({ timeout: 20000 });
    expect(await competence.getByRole('table', { name: 'Competências por pessoa' }).getByRole('row', { name: new RegExp(technician.name) }).textContent()).toBe(`${technician.name}1 de 1100 %Nada`);
    expect(await admin.getByRole('button', { name: /assinar|autoriza/i }).count()).toBe(0);
  });
});
