import type { Page } from 'playwright-core';
import { api, idTokenFor, signUpThroughPage } from '../support/account';
import { openBrowser, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { waitForMail } from '../support/inbox';
import { decodeQrDataUrl } from '../support/pix';
import { signInThroughPage } from '../support/session';
import { newLabAccount, newMember, newPerson, openPix, payPix } from '../support/team';

// Issue 29: e-mail that really leaves. The API under test sends through the real dev SMTP server
// (api/scripts/dev-mail-server.ts, started by support/stack.ts) and its job runner polls on its own;
// the test reads what arrived from the inbox's JSON and opens the messages in Chromium, against the
// production build.

const frontends = new Frontends();
const sessions: BrowserSession[] = [];

async function newPage(): Promise<Page> {
  const session = await openBrowser();
  sessions.push(session);
  return session.page;
}

const heading = (page: Page, name: string, level = 1) => page.getByRole('heading', { level, name, exact: true }).waitFor({ timeout: 20000 });

/** The amount as the messages write it: "R$ 89,90". */
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\s/g, ' ');

let mensalId: string;

beforeAll(async () => {
  await frontends.startAll();
  mensalId = (await api<{ data: Array<{ _id: string; name: string }> }>('GET', '/plans')).body.data.find((plan) => plan.name === 'Mensal')!._id;
});

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

afterAll(async () => {
  await frontends.stopAll();
});

describe('e-mail through a real inbox', () => {
  it('When the manager invites a technician on /equipe, then the invitation e-mail arrives and its "Aceitar convite" button opens the invitation, which the technician accepts', async () => {
    const lab = await newLabAccount(mensalId);
    const technician = await newMember('Técnico');
    const manager = await newPage();
    await signInThroughPage(manager, frontends.shellUrl, lab.manager);
    await manager.goto(`${frontends.shellUrl}/equipe`, { waitUntil: 'domcontentloaded' });
    await heading(manager, 'Equipe');
    await manager.getByLabel('E-mail da pessoa').fill(technician.email);
    await manager.getByRole('button', { name: 'Enviar convite' }).click();
    const shownLink = manager.getByLabel('Link do convite');
    await shownLink.waitFor({ timeout: 20000 });
    const inviteUrl = await shownLink.inputValue();
    expect(inviteUrl).toMatch(new RegExp(`^${frontends.shellUrl}/equipe/convite/[\\w-]+$`));

    const [message] = await waitForMail(technician.email, 'Convite para a equipe');
    expect(message!.subject).toBe(`Convite para a equipe ${lab.name} no Clube`);
    expect(message!.text).toContain(`${lab.manager.name} convidou você para a equipe do laboratório ${lab.name} no Clube.`);
    expect(message!.text).toContain(inviteUrl);

    // The technician, signed in, opens the message in the browser and presses its button (a new tab).
    const mailPage = await newPage();
    await signInThroughPage(mailPage, frontends.shellUrl, technician);
    await mailPage.setContent(message!.html);
    const [page] = await Promise.all([mailPage.context().waitForEvent('page'), mailPage.getByRole('link', { name: 'Aceitar convite' }).click()]);
    await heading(page, 'Convite para a equipe');
    expect(page.url()).toBe(inviteUrl);
    await page.getByRole('button', { name: 'Aceitar convite' }).click();
    await page.getByText(`Você agora faz parte da equipe de ${lab.name}. Seu acesso ao Clube já está liberado.`).waitFor({ timeout: 20000 });
    const profile = await api<{ team: { role: string; laboratoryName: string } | null }>('GET', `/users/${technician.id}`, technician.token);
    expect(profile.body.team).toMatchObject({ role: 'TECHNICIAN', laboratoryName: lab.name });
  });

  it('When a PIX checkout is issued, then its e-mail carries exactly the code the API serves for that invoice, and paying it e-mails the receipt', async () => {
    const person = newPerson('Gestora');
    const page = await newPage();
    await signUpThroughPage(page, frontends.shellUrl, person, `Laboratório ${person.name}`);
    await page.goto(`${frontends.shellUrl}/checkout/assinar?planId=${mensalId}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Plano Mensal' }).waitFor({ timeout: 20000 });
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    const shownCode = page.getByLabel('PIX copia e cola');
    await shownCode.waitFor({ timeout: 20000 });

    const { idToken, localId } = await idTokenFor(person.email, person.password);
    const { subscription } = (await api<{ subscription: string }>('GET', `/users/provider/${localId}`, idToken)).body;
    const served = await openPix(idToken, subscription);
    expect(await shownCode.inputValue()).toBe(served.payload);

    const [pixMail] = await waitForMail(person.email, 'Seu PIX');
    expect(pixMail!.subject).toBe(`Seu PIX de ${brl(served.amountCents)} está disponível`);
    // The code as the message's plain text gives it (the line after its label), and as its inline QR code.
    expect(/PIX copia e cola:\s*\n\s*(\S.*)/.exec(pixMail!.text)?.[1]?.trim()).toBe(served.payload);
    expect(pixMail!.attachments).toEqual(['pix-qr.png']);
    const qr = /<img[^>]*alt="QR Code do PIX"[^>]*src="(data:image\/png;base64,[^"]+)"/.exec(pixMail!.html)?.[1];
    expect(decodeQrDataUrl(qr!)).toBe(served.payload);

    await payPix(idToken, served.invoiceId);
    await heading(page, 'Boas-vindas ao Clube!', 2);
    const [receipt] = await waitForMail(person.email, 'Pagamento confirmado');
    expect(receipt!.subject).toBe(`Pagamento confirmado: ${brl(served.amountCents)}`);
    expect(receipt!.text).toContain(`Valor pago: ${brl(served.amountCents)}.`);
    expect(receipt!.text).toMatch(/Período: de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}\./);
  });
});
