import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { PixApiClient } from '../../src/plugins/payment-gateway/pix-api-client';
import type { StandInPsp } from '../../src/plugins/payment-gateway/stand-in/stand-in-psp';
import { ensureStandInCertificates } from '../../src/plugins/payment-gateway/stand-in/certificates';
import { createActor } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { startBillingApp, userDoc, type BillingTestApp } from '../helpers/billing';

/**
 * Pix Automático end to end at the API (PAYMENT_GATEWAY=pix-api-stand-in, real mTLS + OAuth2):
 * checkout with one composite QR, the payer's bank authorizing, each cycle's recurring charge
 * issued inside the window before its due date and debited by the stand-in, callbacks only as
 * signals (read back before anything changes), retries, the overdue rules, cancellations.
 */
let t: BillingTestApp;
let psp: StandInPsp;
let payerApp: PixApiClient;
const dir = mkdtempSync(path.join(tmpdir(), 'clube-pix-auto-billing-'));
const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as never;
const START = '2026-03-10T12:00:00.000Z';

beforeAll(async () => {
  t = await startBillingApp(START, { config: { paymentGateway: 'pix-api-stand-in', pixStandIn: { port: 0, dir, timeoutMs: 2000 } } });
  psp = t.app.pixStandIn!;
  const certificates = ensureStandInCertificates(dir);
  payerApp = new PixApiClient(
    { baseUrl: psp.url, clientId: 'clube-stand-in', clientSecret: 'clube-stand-in-secret', certificate: { cert: certificates.clientCert, key: certificates.clientKey }, ca: certificates.ca },
    silentLog,
  );
});

afterAll(async () => {
  payerApp.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => t.clock.set(START));

const segment = () => t.app.config.pixWebhookSegment;
/** The payer's side at the stand-in: pays a cob, approves/rejects/cancels a recurrence, settles a debit. */
const atBank = <T = { status: string; callback: { status: number; body: unknown } | null }>(action: string, body?: unknown) =>
  payerApp.call<T>({ method: 'POST', path: `/stand-in/${action}`, scopes: ['cob.read', 'rec.read', 'cobr.read'], body, responseSchema: {} as never });

const payer = { documento: '529.982.247-25', nome: 'Ana Souza' };

/** A member subscribed by Pix Automático: the first cycle paid with the composite QR, the recurrence approved. */
async function activeMember(options: { approve?: boolean } = {}) {
  const member = await createActor(t);
  const created = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX', pixAutomatico: payer } });
  expect(created.status).toBe(201);
  const subscriptionId = created.body._id as string;
  const idRec = created.body.pixAutomatic.idRec as string;
  const [first] = await t.app.invoicesRepository.findOpen(new ObjectId(subscriptionId));
  await atBank(`cob/${first!.pix!.txid}/pagar`, {});
  if (options.approve !== false) await atBank(`rec/${idRec}/aprovar`);
  return { member, subscriptionId, idRec, created: created.body, first: first! };
}

const subscription = async (id: string) => (await t.app.subscriptionsRepository.findById(id))!;
const invoices = async (id: string) => t.app.invoicesRepository.findAllBySubscription(new ObjectId(id));
/** Moves the clock to the renewal window (7 days before the end of the paid period) and runs the calendar. */
async function renewalIssued(subscriptionId: string) {
  const endDate = (await subscription(subscriptionId)).endDate!;
  t.clock.set(new Date(endDate.getTime() - 7 * 24 * 3600 * 1000));
  await t.app.reconciliation.run();
  const renewal = (await invoices(subscriptionId)).find((invoice) => invoice.kind === 'RENEWAL' && invoice.status === 'PENDING')!;
  return { renewal, endDate };
}

describe('Pix Automático billing (stand-in PSP over mTLS)', () => {
  test('Subscribing gives one composite QR; paying it and approving activates; the next cycle is debited on its due date and renews with credits, with no action by the member', async () => {
    const { member, subscriptionId, idRec, created, first } = await activeMember({ approve: false });
    expect(created.pixAutomatic).toMatchObject({ status: 'CRIADA', amountCents: t.plans.mensal.priceCents, endedReason: null });
    // The QR the member scans: the charge's location (26) and the recurrence's (80) in one code.
    const payload = (await t.app.invoicesRepository.findById(first._id))!.pix!.payload;
    expect(payload).toContain(psp.automatic.recs.get(idRec)!.loc!.location);
    expect(payload).toContain(psp.charges.get(first.pix!.txid)!.location);
    expect(psp.automatic.recs.get(idRec)).toMatchObject({ vinculo: { contrato: subscriptionId, devedor: { nome: 'Ana Souza' } }, calendario: { periodicidade: 'MENSAL' }, ativacao: { dadosJornada: { txid: first.pix!.txid } } });

    expect((await subscription(subscriptionId)).status).toBe('ACTIVE');
    const approved = await atBank(`rec/${idRec}/aprovar`);
    expect(approved.callback).toMatchObject({ status: 200, body: { results: [{ idRec, outcome: 'UPDATED', status: 'APROVADA' }] } });
    expect((await subscription(subscriptionId)).pixAutomatic).toMatchObject({ status: 'APROVADA' });
    expect(await t.app.mail.queued('pix-automatic-activated', idRec)).toBe(true);

    const { renewal, endDate } = await renewalIssued(subscriptionId);
    // Debited the day before the paid period ends: no gap in access.
    const dueDay = new Date(endDate.getTime() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(renewal).toMatchObject({ pix: null, recurringCharge: { idRec, status: 'ATIVA', dueDate: dueDay, attempts: 1, failures: 0 } });
    expect(psp.automatic.cobrs.get(renewal.recurringCharge!.txid)).toMatchObject({ calendario: { dataDeVencimento: dueDay }, valor: { original: (t.plans.mensal.priceCents / 100).toFixed(2) } });
    expect(await t.app.mail.queued('pix-automatic-next-debit', renewal.recurringCharge!.txid)).toBe(true);
    // No code to pay: the bank debits it.
    expectErrorShape(await t.call('GET', `/v1/subscriptions/${subscriptionId}/pixQRCode`, { token: member.token }), 409);
    const listed = await t.call('GET', `/v1/subscriptions/${subscriptionId}/invoices`, { token: member.token });
    expect(listed.body.data[0]).toMatchObject({ kind: 'RENEWAL', txid: renewal.recurringCharge!.txid, recurringCharge: { status: 'ATIVA', debitDate: dueDay, failure: null } });

    t.clock.set(`${dueDay}T09:00:00.000Z`);
    const debited = await atBank(`cobr/${renewal.recurringCharge!.txid}/debitar`, { resultado: 'ok' });
    expect(debited.callback).toMatchObject({ status: 200, body: { results: [{ outcome: 'PAID' }] } });
    const after = await subscription(subscriptionId);
    expect(after.status).toBe('ACTIVE');
    expect(after.endDate!.getTime()).toBeGreaterThan(endDate.getTime());
    expect((await t.app.invoicesRepository.findById(renewal._id))).toMatchObject({ status: 'PAID', recurringCharge: { status: 'CONCLUIDA' } });
    expect((await userDoc(t, member.id)).credits.balance).toBe(2 * t.plans.mensal.creditsPerCycle);
  });

  test('Callbacks are signals: without the secret → 401; malformed → 400; a claim the PSP does not show changes nothing; the same debit callback ten times pays once', async () => {
    const { subscriptionId, idRec } = await activeMember({ approve: false });
    const recNotice = { recs: [{ idRec, status: 'APROVADA', atualizacao: [{ status: 'APROVADA', data: t.clock.now().toISOString() }] }] };
    for (const wrong of ['x', segment().slice(1) + '0']) {
      const forged = await t.call('POST', `/v1/webhooks/pix-api/${wrong}/rec`, { body: recNotice });
      expectErrorShape(forged, 401);
      expectErrorShape(await t.call('POST', `/v1/webhooks/pix-api/${wrong}/cobr`, { body: { cobsr: [] } }), 401);
    }
    expectErrorShape(await t.call('POST', `/v1/webhooks/pix-api/${segment()}/rec`, { body: { recs: [{ idRec, status: 'ATIVA', atualizacao: [] }] } }), 400);
    // Claims APROVADA; the PSP still shows CRIADA: nothing changes.
    const claim = await t.call('POST', `/v1/webhooks/pix-api/${segment()}/rec`, { body: recNotice });
    expect(claim.body.results).toEqual([{ idRec, outcome: 'UNCHANGED', status: 'CRIADA' }]);
    expect((await subscription(subscriptionId)).pixAutomatic!.status).toBe('CRIADA');

    await atBank(`rec/${idRec}/aprovar`);
    const { renewal, endDate } = await renewalIssued(subscriptionId);
    const txid = renewal.recurringCharge!.txid;
    const cobrNotice = (status: string) => ({ cobsr: [{ idRec, txid, status, atualizacao: [{ status, data: t.clock.now().toISOString() }] }] });
    // Claims CONCLUIDA while the PSP has not debited: not paid.
    expect((await t.call('POST', `/v1/webhooks/pix-api/${segment()}/cobr`, { body: cobrNotice('CONCLUIDA') })).body.results).toEqual([expect.objectContaining({ txid, outcome: 'PENDING' })]);
    expect((await t.app.invoicesRepository.findById(renewal._id))!.status).toBe('PENDING');

    t.clock.set(endDate);
    await atBank(`cobr/${txid}/debitar`, { resultado: 'ok', entregarCallback: false });
    const answers = [];
    for (let delivery = 0; delivery < 10; delivery += 1) answers.push(await t.call('POST', `/v1/webhooks/pix-api/${segment()}/cobr`, { body: cobrNotice('CONCLUIDA') }));
    expect(answers.map((answer) => answer.body.results[0].outcome)).toEqual(['PAID', ...Array(9).fill('DUPLICATE')]);
    expect((await invoices(subscriptionId)).filter((invoice) => invoice.status === 'PAID')).toHaveLength(2);
  });

  test('A debit whose amount differs at the PSP is not paid; a lost debit callback is paid by the reconciliation', async () => {
    const wrong = await activeMember();
    const { renewal: wrongRenewal, endDate } = await renewalIssued(wrong.subscriptionId);
    t.clock.set(endDate);
    await atBank(`cobr/${wrongRenewal.recurringCharge!.txid}/debitar`, { resultado: 'ok', entregarCallback: false });
    psp.automatic.cobrs.get(wrongRenewal.recurringCharge!.txid)!.pix![0]!.valor = '1.00';
    const claimed = await t.call('POST', `/v1/webhooks/pix-api/${segment()}/cobr`, {
      body: { cobsr: [{ idRec: wrong.idRec, txid: wrongRenewal.recurringCharge!.txid, status: 'CONCLUIDA', atualizacao: [{ status: 'CONCLUIDA', data: endDate.toISOString() }] }] },
    });
    expect(claimed.body.results[0].outcome).toBe('NOT_CONFIRMED');
    expect((await t.app.invoicesRepository.findById(wrongRenewal._id))!.status).toBe('PENDING');

    t.clock.set(START);
    const lost = await activeMember();
    const { renewal, endDate: due } = await renewalIssued(lost.subscriptionId);
    t.clock.set(due);
    await atBank(`cobr/${renewal.recurringCharge!.txid}/debitar`, { resultado: 'ok', entregarCallback: false });
    expect((await t.app.invoicesRepository.findById(renewal._id))!.status).toBe('PENDING');
    const report = await t.app.reconciliation.run();
    expect(report.recurringDebitsPaid).toBe(1);
    expect((await t.app.invoicesRepository.findById(renewal._id))!.status).toBe('PAID');
    expect((await subscription(lost.subscriptionId)).status).toBe('ACTIVE');
    expect((await t.app.reconciliation.run()).recurringDebitsPaid).toBe(0);
  });

  test('A failed debit is retried the next day (up to 3 times), the member is told in plain words; the overdue rules pause the subscription meanwhile, a retry that goes through reactivates it, none left → paid by PIX', async () => {
    const { member, subscriptionId } = await activeMember();
    const { renewal, endDate } = await renewalIssued(subscriptionId);
    const txid = renewal.recurringCharge!.txid;
    t.clock.set(new Date(endDate.getTime() - 24 * 3600 * 1000));
    const failed = await atBank(`cobr/${txid}/debitar`, { resultado: 'falha' });
    const tomorrow = endDate.toISOString().slice(0, 10);
    expect(failed.callback).toMatchObject({ body: { results: [{ txid, outcome: 'RETRY_SCHEDULED', retryOn: tomorrow }] } });
    expect(await t.app.mail.queued('pix-automatic-debit-failed', `${txid}#1`)).toBe(true);
    // The message says when the retry is, rather than asking the member to pay at once.
    const message = await t.app.jobsRepository.findByKey(`email:pix-automatic-debit-failed:${txid}#1`);
    expect(message?.payload).toMatchObject({ data: { retryDate: `${tomorrow}T15:00:00.000Z` } });
    const [day, month, year] = [tomorrow.slice(8, 10), tomorrow.slice(5, 7), tomorrow.slice(0, 4)];
    const listed = await t.call('GET', `/v1/subscriptions/${subscriptionId}/invoices`, { token: member.token });
    expect(listed.body.data[0].recurringCharge).toMatchObject({ attempts: 2, retryOn: tomorrow, failure: `O débito não foi feito (saldo insuficiente). Vamos tentar de novo em ${day}/${month}/${year}.` });
    // Still ACTIVE: the paid period has not ended; once it has, the overdue rules apply while the retries go on.
    await t.app.reconciliation.run();
    expect((await subscription(subscriptionId)).status).toBe('ACTIVE');
    t.clock.set(endDate);
    await t.app.reconciliation.run();
    expect((await subscription(subscriptionId)).status).toBe('PAUSED');

    for (let retry = 1; retry <= 3; retry += 1) {
      await atBank(`cobr/${txid}/debitar`, { resultado: 'falha' });
      t.clock.advanceDays(1);
    }
    const last = (await t.app.invoicesRepository.findById(renewal._id))!.recurringCharge!;
    expect(last).toMatchObject({ status: 'REJEITADA', attempts: 4, failures: 4, retryOn: null });
    await t.app.reconciliation.run();
    expect((await subscription(subscriptionId)).status).toBe('PAUSED');
    // The member may pay the cycle by plain PIX now.
    const pix = await t.call('GET', `/v1/subscriptions/${subscriptionId}/pixQRCode`, { token: member.token });
    expect(pix.status).toBe(200);
    expect(pix.body.payload).toMatch(/^000201/);

    // Another member: the debit fails, the period ends (PAUSED), the retry goes through → ACTIVE, renewed.
    t.clock.set(START);
    const second = await activeMember();
    const { renewal: next, endDate: secondEnd } = await renewalIssued(second.subscriptionId);
    t.clock.set(new Date(secondEnd.getTime() - 24 * 3600 * 1000));
    await atBank(`cobr/${next.recurringCharge!.txid}/debitar`, { resultado: 'falha' });
    t.clock.set(secondEnd);
    await t.app.reconciliation.run();
    expect((await subscription(second.subscriptionId)).status).toBe('PAUSED');
    expect((await atBank(`cobr/${next.recurringCharge!.txid}/debitar`, { resultado: 'ok' })).callback).toMatchObject({ body: { results: [{ outcome: 'PAID' }] } });
    expect(await subscription(second.subscriptionId)).toMatchObject({ status: 'ACTIVE' });
    expect((await subscription(second.subscriptionId)).endDate!.getTime()).toBeGreaterThan(secondEnd.getTime());
  });

  test('The payer cancelling at the bank, the member deactivating, cancelling or changing plan all end the recurrence at the PSP; the next cycle is a plain PIX', async () => {
    const byBank = await activeMember();
    await atBank(`rec/${byBank.idRec}/cancelar`);
    expect((await subscription(byBank.subscriptionId)).pixAutomatic).toMatchObject({ status: 'CANCELADA', endedReason: 'Você cancelou o Pix Automático no seu banco. Os próximos ciclos serão cobrados por PIX comum.' });
    const { renewal } = await renewalIssued(byBank.subscriptionId);
    expect(renewal.recurringCharge ?? null).toBeNull();
    expect(renewal.pix!.txid).toBeTruthy();

    t.clock.set(START);
    const deactivating = await activeMember();
    const off = await t.call('DELETE', `/v1/subscriptions/${deactivating.subscriptionId}/pix-automatico`, { token: deactivating.member.token });
    expect(off.status).toBe(200);
    expect(off.body.pixAutomatic).toMatchObject({ status: 'CANCELADA', endedReason: 'Você desativou o Pix Automático. Os próximos ciclos serão cobrados por PIX comum.' });
    expect(psp.automatic.recs.get(deactivating.idRec)).toMatchObject({ status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'USUARIO_RECEBEDOR' } } });
    const again = await t.call('DELETE', `/v1/subscriptions/${deactivating.subscriptionId}/pix-automatico`, { token: deactivating.member.token });
    expectErrorShape(again, 409);
    expect(again.body.message).toBe('Esta assinatura não tem Pix Automático ativo.');
    const stranger = await createActor(t);
    expectErrorShape(await t.call('DELETE', `/v1/subscriptions/${byBank.subscriptionId}/pix-automatico`, { token: stranger.token }), 403);

    const cancelling = await activeMember();
    const requested = await t.call('POST', `/v1/subscriptions/cancelRequest/${cancelling.subscriptionId}`, { token: cancelling.member.token, body: { reason: 'Outro motivo' } });
    expect(requested.status).toBe(200);
    expect(psp.automatic.recs.get(cancelling.idRec)!.status).toBe('CANCELADA');

    const changing = await activeMember();
    const changed = await t.call('PATCH', `/v1/subscriptions/${changing.subscriptionId}/plan`, { token: changing.member.token, body: { externalPlanId: t.plans.anual.externalPlanId } });
    expect(changed.status).toBe(200);
    expect(psp.automatic.recs.get(changing.idRec)!.status).toBe('CANCELADA');
    expect((await subscription(changing.subscriptionId)).pixAutomatic!.endedReason).toMatch(/o plano mudou/);
  });

  test('In development the stand-in\'s bank actions are API routes (owner or admin): authorize, then debit the cycle; a stranger is refused', async () => {
    const member = await createActor(t);
    const created = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX', pixAutomatico: payer } });
    const id = created.body._id as string;
    const [first] = await t.app.invoicesRepository.findOpen(new ObjectId(id));
    expect((await t.call('POST', `/v1/sandbox/invoices/${first!._id.toHexString()}/pay`, { token: member.token })).status).toBe(200);
    const stranger = await createActor(t);
    expectErrorShape(await t.call('POST', `/v1/sandbox/subscriptions/${id}/pix-automatico/aprovar`, { token: stranger.token }), 403);
    const approved = await t.call('POST', `/v1/sandbox/subscriptions/${id}/pix-automatico/aprovar`, { token: member.token });
    expect(approved.body.pixAutomatic).toMatchObject({ status: 'APROVADA' });
    expectErrorShape(await t.call('POST', `/v1/sandbox/subscriptions/${id}/pix-automatico/rejeitar`, { token: member.token }), 409);
    expectErrorShape(await t.call('POST', `/v1/sandbox/invoices/${first!._id.toHexString()}/debitar`, { token: member.token, body: { resultado: 'ok' } }), 409);

    const { renewal, endDate } = await renewalIssued(id);
    t.clock.set(endDate);
    const debited = await t.call('POST', `/v1/sandbox/invoices/${renewal._id.toHexString()}/debitar`, { token: member.token, body: { resultado: 'ok' } });
    expect(debited.status).toBe(200);
    expect(debited.body.invoice).toMatchObject({ status: 'PAID', recurringCharge: { status: 'CONCLUIDA' } });
    expect(debited.body.subscription.endDate > endDate.toISOString()).toBe(true);
  });

  test('Bad payer data → 400 in Portuguese with nothing created; the PSP down → 503, nothing half-created, and a retry works', async () => {
    const member = await createActor(t);
    const subscribe = (body: Record<string, unknown>) => t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX', ...body } });
    const cpf = await subscribe({ pixAutomatico: { documento: '529.982.247-24', nome: 'Ana' } });
    expectErrorShape(cpf, 400);
    expect(cpf.body.message).toBe('CPF inválido: confira os números.');
    expectErrorShape(await subscribe({ pixAutomatico: { documento: '12.ABC.345/01DE-34', nome: 'Laboratório' } }), 400);
    expectErrorShape(await subscribe({ paymentMethod: 'CREDIT_CARD', pixAutomatico: payer }), 400);
    const before = psp.automatic.recs.size;
    psp.setDelay(2500);
    try {
      const slow = await subscribe({ pixAutomatico: payer });
      expectErrorShape(slow, 503);
      expect(slow.body.message).toBe('Não foi possível gerar o PIX agora. Tente novamente em instantes.');
    } finally {
      psp.setDelay(0);
    }
    expect(await t.app.subscriptionsRepository.findOpenByUser(new ObjectId(member.id))).toBeNull();
    const retry = await subscribe({ pixAutomatico: { documento: '12.ABC.345/01DE-35', nome: 'Laboratório Exemplo' } });
    expect(retry.status).toBe(201);
    expect(psp.automatic.recs.size).toBeGreaterThan(before);
    expect(psp.automatic.recs.get(retry.body.pixAutomatic.idRec)!.vinculo.devedor).toEqual({ nome: 'Laboratório Exemplo' });
  });
});
