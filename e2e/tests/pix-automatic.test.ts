import type { Page } from 'playwright-core';
import { api, idTokenFor, signUpThroughPage } from '../support/account';
import { checkPage } from '../support/axe';
import { openBrowser, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { parseEmv, standInRecurrence } from '../support/pix';
import { ADMIN } from '../support/session';

// Pix Automático (issue 28) through the pages, against the real API and its stand-in PSP: the
// checkout's default is one QR that pays the first cycle and asks the bank to authorize the next
// ones; the stand-in's bank approves. Cancelling the subscription cancels the recurrence at the PSP.
// Then, with the club's clock moved (POST /v1/dev/clock) to each debit's date, the stand-in's bank
// debits the next cycle without the member; a failed debit says when the retry is; the retry fails
// too and the overdue rules follow (paused, pay by PIX); "Desativar" ends it.

const frontends = new Frontends();
let session: BrowserSession;
let page: Page;
let admin: string;
const DAY_MS = 24 * 60 * 60 * 1000;
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const newMember = (name: string) => ({ name: `${name} ${unique}`, email: `${name.toLowerCase()}.${unique}@lab.test`, password: 'Segura#2026' });

interface Plan {
  _id: string;
  name: string;
  creditsPerCycle: number;
}
interface Invoice {
  _id: string;
  kind: string;
  status: string;
  recurringCharge?: { status: string; debitDate: string; retryOn: string | null; failure: string | null } | null;
}
interface Subscription {
  _id: string;
  status: string;
  endDate: string | null;
  pixAutomatic?: { idRec: string; status: string } | null;
}

beforeAll(async () => {
  await frontends.startAll();
  session = await openBrowser();
  page = session.page;
  admin = (await idTokenFor(ADMIN.email, ADMIN.password)).idToken;
});

afterAll(async () => {
  if (admin) await api('DELETE', '/dev/clock', admin);
  await session?.close();
  await frontends.stopAll();
});

async function open(pathname: string): Promise<void> {
  await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
}

async function mensal(): Promise<Plan> {
  return (await api<{ data: Plan[] }>('GET', '/plans')).body.data.find((plan) => plan.name === 'Mensal')!;
}

/** `YYYY-MM-DD` as the pages write it. */
const shown = (day: string) => day.split('-').reverse().join('/');

/** Moves the club's clock forward to `day` (a bank's date, `YYYY-MM-DD`): the reconciliation runs there. */
async function moveClockTo(day: string): Promise<void> {
  const today = (await api<{ now: string }>('GET', '/dev/clock', admin)).body.now.slice(0, 10);
  const dias = Math.round((Date.parse(day) - Date.parse(today)) / DAY_MS);
  expect(dias).toBeGreaterThanOrEqual(0);
  expect((await api('POST', '/dev/clock', admin, { dias })).status).toBe(200);
}

/**
 * A new member subscribes to Mensal through the checkout as it opens: Pix Automático is the
 * default, the laboratory's CNPJ is the payer, one composite QR; the stand-in's payer pays it and
 * their bank approves the recurrence. Answers the member's token and subscription id.
 */
async function subscribeWithPixAutomatic(member: { name: string; email: string; password: string }, laboratory: string, screenshots: boolean) {
  await signUpThroughPage(page, frontends.shellUrl, member, laboratory);
  const { idToken, localId } = await idTokenFor(member.email, member.password);
  const plan = await mensal();

  await open(`/checkout/assinar?planId=${plan._id}`);
  await page.getByRole('heading', { name: 'Plano Mensal' }).waitFor({ timeout: 20000 });
  expect(await page.getByRole('radio', { name: /Pix Automático/ }).isChecked()).toBe(true);
  expect(await page.getByRole('radio', { name: /Prefiro pagar cada renovação por PIX/ }).isChecked()).toBe(false);
  // The laboratory's CNPJ is pre-filled; the bank's question is announced before the QR.
  expect((await page.getByLabel('CPF ou CNPJ de quem paga').inputValue()).replace(/\D/g, '')).toBe('11222333000181');
  await page.getByText('Seu banco vai pedir para autorizar os próximos pagamentos.').first().waitFor();
  if (screenshots) await checkPage(page, 'pix-automatic-checkout');
  await page.getByRole('button', { name: 'Gerar PIX' }).click();

  // One composite QR: the first cycle's charge (26) and the recurrence's location (80).
  const code = page.getByLabel('PIX copia e cola');
  await code.waitFor({ timeout: 20000 });
  const fields = parseEmv(await code.inputValue());
  expect(parseEmv(fields.get('26')!).get('00')).toBe('br.gov.bcb.pix');
  expect(parseEmv(fields.get('80')!).get('25')).toMatch(/\/rec\//);

  const subscriptionId = (await api<{ subscription: string }>('GET', `/users/provider/${localId}`, idToken)).body.subscription;
  const pix = await api<{ invoiceId: string }>('GET', `/subscriptions/${subscriptionId}/pixQRCode`, idToken);
  expect((await api('POST', `/sandbox/invoices/${pix.body.invoiceId}/pay`, idToken)).status).toBe(200);
  expect((await api('POST', `/sandbox/subscriptions/${subscriptionId}/pix-automatico/aprovar`, idToken)).status).toBe(200);
  await page.getByRole('heading', { name: 'Boas-vindas ao Clube!' }).waitFor({ timeout: 20000 });

  await open('/assinatura');
  await page.getByText(/Pix Automático ativo — próximo débito em \d{2}\/\d{2}\/\d{4} de/).waitFor({ timeout: 20000 });
  return { idToken, subscriptionId, plan };
}

describe('Pix Automático', () => {
  it('When a member who subscribed with Pix Automático cancels the subscription, then the recurrence is cancelled at the PSP (its GET /rec says CANCELADA) and /assinatura says Pix Automático is off', async () => {
    const { idToken, subscriptionId } = await subscribeWithPixAutomatic(newMember('Clara'), 'Laboratório Cancela', false);
    const { idRec } = (await api<Subscription>('GET', `/subscriptions/${subscriptionId}`, idToken)).body.pixAutomatic!;
    expect((await standInRecurrence(idRec)).status).toBe('APROVADA');

    await page.getByRole('link', { name: 'Cancelar assinatura' }).click();
    await page.getByRole('radio', { name: 'Não estou usando' }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await page.getByText(/^Cancelamento solicitado — acesso até \d{2}\/\d{2}\/\d{4}\.$/).waitFor({ timeout: 20000 });

    expect((await standInRecurrence(idRec)).status).toBe('CANCELADA');
    await open('/assinatura');
    await page.getByText('O Pix Automático foi cancelado junto com a assinatura.').waitFor({ timeout: 20000 });
    expect(await page.getByText(/Pix Automático ativo/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Desativar' }).count()).toBe(0);
    await checkPage(page, 'pix-automatic-canceled');
  }, 120_000);

  it('When the clock reaches each debit date, then the bank debits the next cycle and the credits arrive by themselves; a failed debit says when the retry is; the retry fails too and the subscription pauses with a PIX to pay; "Desativar" ends it', async () => {
    // A new browser: the first test's member is still signed in on the last one.
    await session.close();
    session = await openBrowser();
    page = session.page;
    const { idToken, subscriptionId, plan } = await subscribeWithPixAutomatic(newMember('Paula'), 'Laboratório Automático', true);
    await checkPage(page, 'pix-automatic-active');
    const invoices = async () => (await api<{ data: Invoice[] }>('GET', `/subscriptions/${subscriptionId}/invoices`, idToken)).body.data;
    const openRenewal = async () => (await invoices()).find((invoice) => invoice.kind === 'RENEWAL' && (invoice.status === 'PENDING' || invoice.status === 'OVERDUE'));

    // 24 days later the renewal is a recurring charge at the PSP; on its date the bank debits it.
    const moved = await api<{ reconciliation: { renewalsIssued: number } }>('POST', '/dev/clock', admin, { dias: 24 });
    expect(moved.body.reconciliation.renewalsIssued).toBeGreaterThanOrEqual(1);
    const renewal = (await openRenewal())!;
    expect(renewal.recurringCharge).toMatchObject({ status: 'ATIVA' });
    await open('/assinatura');
    await page.getByText(`Pix Automático ativo — próximo débito em ${shown(renewal.recurringCharge!.debitDate)} de`, { exact: false }).waitFor({ timeout: 20000 });
    await moveClockTo(renewal.recurringCharge!.debitDate);
    const debited = await api<{ invoice: Invoice }>('POST', `/sandbox/invoices/${renewal._id}/debitar`, idToken, { resultado: 'ok' });
    expect(debited.body.invoice.status).toBe('PAID');
    await open('/assinatura');
    await page.getByText(`Saldo: ${plan.creditsPerCycle * 2} créditos`, { exact: false }).waitFor({ timeout: 20000 });
    await page.getByText('Ativa', { exact: true }).waitFor();

    // The next cycle's debit fails on its date: the page says so and when the bank tries again.
    // Renewals are issued 7 days before the paid period ends: the clock goes to 6 days before.
    const { endDate } = (await api<Subscription>('GET', `/subscriptions/${subscriptionId}`, idToken)).body;
    await moveClockTo(new Date(Date.parse(endDate!) - 6 * DAY_MS).toISOString().slice(0, 10));
    const next = (await openRenewal())!;
    expect(next.recurringCharge).toMatchObject({ status: 'ATIVA' });
    await moveClockTo(next.recurringCharge!.debitDate);
    expect((await api('POST', `/sandbox/invoices/${next._id}/debitar`, idToken, { resultado: 'falha' })).status).toBe(200);
    const retryOn = (await openRenewal())!.recurringCharge!.retryOn!;
    expect(retryOn > next.recurringCharge!.debitDate).toBe(true);
    await open('/assinatura');
    await page.getByText(`O débito não foi feito (saldo insuficiente). Vamos tentar de novo em ${shown(retryOn)}.`).waitFor({ timeout: 20000 });
    await checkPage(page, 'pix-automatic-debit-failed');

    // The retry, on its date, fails too; the paid period is over: the overdue rules pause the
    // subscription, and the member is offered to pay the invoice by PIX.
    await moveClockTo(retryOn);
    expect((await api('POST', `/sandbox/invoices/${next._id}/debitar`, idToken, { resultado: 'falha' })).status).toBe(200);
    await api('POST', '/dev/clock', admin, { dias: 1 });
    expect((await api<Subscription>('GET', `/subscriptions/${subscriptionId}`, idToken)).body.status).toBe('PAUSED');
    expect((await openRenewal())!.status).toBe('OVERDUE');
    await open('/assinatura');
    await page.getByText('Pausada por falta de pagamento', { exact: true }).waitFor({ timeout: 20000 });
    await page.getByText(/venceu sem pagamento\. Pague até \d{2}\/\d{2}\/\d{4} para voltar a ter acesso; depois disso, a assinatura é cancelada\./).waitFor();
    await page.getByText(/^O débito não foi feito \(saldo insuficiente\)\./).waitFor();
    // Not "Pix Automático ativo" beside "Pausada": the authorization stands, the debits come back once paid.
    await page.getByText(/^Pix Automático autorizado no seu banco/).waitFor();
    expect(await page.getByText(/Pix Automático ativo/).count()).toBe(0);
    await checkPage(page, 'pix-automatic-paused');
    await page.getByRole('button', { name: 'Pagar agora por PIX' }).click();
    await page.getByLabel('PIX copia e cola').waitFor({ timeout: 20000 });
    const pix = await api<{ invoiceId: string }>('GET', `/subscriptions/${subscriptionId}/pixQRCode`, idToken);
    expect(pix.body.invoiceId).toBe(next._id);
    expect((await api('POST', `/sandbox/invoices/${next._id}/pay`, idToken)).status).toBe(200);
    await page.getByText('Pagamento confirmado.').first().waitFor({ timeout: 20000 });
    await page.getByText('Ativa', { exact: true }).waitFor({ timeout: 20000 });

    await page.getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Você desativou o Pix Automático. Os próximos ciclos serão cobrados por PIX comum.').waitFor({ timeout: 20000 });
  }, 180_000);
});
