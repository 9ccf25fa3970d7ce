import type { Page } from 'playwright-core';
import { api, idTokenFor, signUpThroughPage } from '../support/account';
import { checkPage } from '../support/axe';
import { openBrowser, type BrowserSession } from '../support/browser';
import { Frontends } from '../support/frontends';
import { parseEmv } from '../support/pix';
import { ADMIN } from '../support/session';

// Pix Automático (issue 28) through the pages, against the real API and its stand-in PSP: one QR
// pays the first cycle and asks the bank to authorize the next ones; the stand-in's bank approves;
// the club's clock moves (POST /v1/dev/clock) and the next cycle is debited without the member;
// a failed debit is said in plain words; "Desativar" ends it.

const frontends = new Frontends();
let session: BrowserSession;
let page: Page;
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const member = { name: `Paula Automática ${unique}`, email: `paula.${unique}@lab.test`, password: 'Segura#2026' };

interface Invoice {
  _id: string;
  kind: string;
  status: string;
  recurringCharge?: { status: string } | null;
}

beforeAll(async () => {
  await frontends.startAll();
  session = await openBrowser();
  page = session.page;
});

afterAll(async () => {
  const admin = await idTokenFor(ADMIN.email, ADMIN.password).catch(() => null);
  if (admin) await api('DELETE', '/dev/clock', admin.idToken);
  await session?.close();
  await frontends.stopAll();
});

async function open(pathname: string): Promise<void> {
  await page.goto(`${frontends.shellUrl}${pathname}`, { waitUntil: 'domcontentloaded' });
}

describe('Pix Automático', () => {
  it('When a new member subscribes with Pix Automático, pays the one QR and the bank authorizes, then the next cycle is debited by itself, a failed debit is explained, and "Desativar" ends it', async () => {
    await signUpThroughPage(page, frontends.shellUrl, member, 'Laboratório Automático');
    const { idToken, localId } = await idTokenFor(member.email, member.password);
    const admin = (await idTokenFor(ADMIN.email, ADMIN.password)).idToken;
    const plans = (await api<{ data: { _id: string; name: string; creditsPerCycle: number }[] }>('GET', '/plans')).body.data;
    const mensal = plans.find((plan) => plan.name === 'Mensal')!;

    await open(`/checkout/assinar?planId=${mensal._id}`);
    await page.getByRole('heading', { name: 'Plano Mensal' }).waitFor({ timeout: 20000 });
    await page.getByRole('radio', { name: /Pix Automático/ }).check();
    // The laboratory's CNPJ is pre-filled; the bank's question is announced before the QR.
    expect((await page.getByLabel('CPF ou CNPJ de quem paga').inputValue()).replace(/\D/g, '')).toBe('11222333000181');
    await page.getByText('Seu banco vai pedir para autorizar os próximos pagamentos.').first().waitFor();
    await checkPage(page, 'pix-automatic-checkout');
    await page.getByRole('button', { name: 'Gerar PIX' }).click();

    // One composite QR: the first cycle's charge (26) and the recurrence's location (80).
    const code = page.getByLabel('PIX copia e cola');
    await code.waitFor({ timeout: 20000 });
    const fields = parseEmv(await code.inputValue());
    expect(parseEmv(fields.get('26')!).get('00')).toBe('br.gov.bcb.pix');
    expect(parseEmv(fields.get('80')!).get('25')).toMatch(/\/rec\//);

    const profile = (await api<{ subscription: string }>('GET', `/users/provider/${localId}`, idToken)).body;
    const subscriptionId = profile.subscription;
    const pix = await api<{ invoiceId: string }>('GET', `/subscriptions/${subscriptionId}/pixQRCode`, idToken);
    expect((await api('POST', `/sandbox/invoices/${pix.body.invoiceId}/pay`, idToken)).status).toBe(200);
    expect((await api('POST', `/sandbox/subscriptions/${subscriptionId}/pix-automatico/aprovar`, idToken)).status).toBe(200);
    await page.getByRole('heading', { name: 'Boas-vindas ao Clube!' }).waitFor({ timeout: 20000 });

    await open('/assinatura');
    await page.getByText(/Pix Automático ativo — próximo débito em \d{2}\/\d{2}\/\d{4} de/).waitFor({ timeout: 20000 });
    await checkPage(page, 'pix-automatic-active');

    // 24 days later the renewal is a recurring charge; on its date the bank debits it.
    const moved = await api<{ reconciliation: { renewalsIssued: number } }>('POST', '/dev/clock', admin, { dias: 24 });
    expect(moved.body.reconciliation.renewalsIssued).toBeGreaterThanOrEqual(1);
    const invoices = async () => (await api<{ data: Invoice[] }>('GET', `/subscriptions/${subscriptionId}/invoices`, idToken)).body.data;
    const renewal = (await invoices()).find((invoice) => invoice.kind === 'RENEWAL' && invoice.status === 'PENDING')!;
    expect(renewal.recurringCharge).toMatchObject({ status: 'ATIVA' });
    const debited = await api<{ invoice: Invoice }>('POST', `/sandbox/invoices/${renewal._id}/debitar`, idToken, { resultado: 'ok' });
    expect(debited.body.invoice.status).toBe('PAID');
    await open('/assinatura');
    await page.getByText(`Saldo: ${mensal.creditsPerCycle * 2} créditos`, { exact: false }).waitFor({ timeout: 20000 });

    // The next cycle's debit fails: the page says so and what happens next.
    await api('POST', '/dev/clock', admin, { dias: 31 });
    const next = (await invoices()).find((invoice) => invoice.kind === 'RENEWAL' && invoice.status === 'PENDING')!;
    expect((await api('POST', `/sandbox/invoices/${next._id}/debitar`, idToken, { resultado: 'falha' })).status).toBe(200);
    await open('/assinatura');
    await page.getByText(/O débito não foi feito \(saldo insuficiente\)\. Vamos tentar de novo em/).waitFor({ timeout: 20000 });
    await checkPage(page, 'pix-automatic-debit-failed');

    await page.getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Você desativou o Pix Automático. Os próximos ciclos serão cobrados por PIX comum.').waitFor({ timeout: 20000 });
  }, 180_000);
});
