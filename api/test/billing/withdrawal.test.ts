import type { InvoiceDocument } from '../../src/modules/billing/documents';
import { createActor, createActors, snapshotData, type Actors, type TestActor } from '../helpers/app';
import { COLLECTIONS } from '../helpers/collections';
import { expectErrorShape } from '../helpers/http';
import { expectInvariants, startBillingApp, userDoc, type BillingTestApp } from '../helpers/billing';
import { pdfText } from '../helpers/pdf-text';
import { addTechnician, giveLaboratory, labManager, payOpenInvoice } from '../helpers/team';

// Issue 27: what a Brazilian paid site owes its buyer — the 7-day right of withdrawal (art. 49 CDC)
// refunded through the payment's way back, a receipt for every paid invoice, and an admin's pause
// that says who paused and why.

let t: BillingTestApp;
let actors: Actors;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z', {
    config: { company: { name: 'Clube Lab Ltda.', cnpj: '12345678000195', address: 'Av. Paulista, 1000, São Paulo - SP', email: 'contato@clube.com.br', phone: null } },
  });
  actors = await createActors(t);
});

afterAll(async () => {
  await t.close();
});

/** The stand-in PSP the app talks to over API Pix: it records every devolução it is asked for. */
const psp = () => t.app.pixStandIn!;
const invoices = (subscriptionId: string) => t.call('GET', `/v1/subscriptions/${subscriptionId}/invoices`, { token: actors.admin.token });

/** A member who buys Mensal and pays the PIX now: their first purchase. */
async function firstPurchase(name = 'Primeira Compra'): Promise<{ member: TestActor; subscriptionId: string; invoiceId: string }> {
  const member = await createActor(t, 'USER', name);
  const sub = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
  expect(sub.status).toBe(201);
  const { invoiceId } = await payOpenInvoice(t, member, sub.body._id);
  return { member, subscriptionId: sub.body._id, invoiceId };
}

describe('The right of withdrawal (art. 49 CDC)', () => {
  test('When a first purchase is withdrawn within 7 days, then access ends now, the payment is REFUNDED through the gateway and its credits go back', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, subscriptionId, invoiceId } = await firstPurchase();
    t.clock.advanceDays(6);
    const preview = await t.call('GET', `/v1/subscriptions/${subscriptionId}/withdrawal`, { token: member.token });
    expect(preview.body).toEqual({ available: true, until: '2026-03-17T12:00:00.000Z', amountCents: t.plans.mensal.priceCents });
    const refundsBefore = psp().refunds.length;

    const result = await t.call('POST', `/v1/subscriptions/${subscriptionId}/withdrawal`, { token: member.token, body: { reason: 'Desisti da compra' } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ status: 'CANCELED', hasAccess: false, withdrawnAt: '2026-03-16T12:00:00.000Z', endDate: '2026-03-16T12:00:00.000Z' });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: false, credits: { balance: 0, used: 0 } });
    const [invoice] = (await invoices(subscriptionId)).body.data;
    expect(invoice).toMatchObject({ _id: invoiceId, status: 'REFUNDED', refundedAt: '2026-03-16T12:00:00.000Z', hasReceipt: true });

    const stored = (await t.db.collection<InvoiceDocument>(COLLECTIONS.invoices).find({}).toArray()).find((row) => row._id.toHexString() === invoiceId);
    // A devolução of the payment itself (its E2E id), of the amount paid, asked once, with our id for the invoice.
    const refunds = psp().refunds.slice(refundsBefore);
    expect(refunds).toEqual([
      expect.objectContaining({ id: `D${invoiceId}`, valor: (t.plans.mensal.priceCents / 100).toFixed(2), endToEndId: stored?.endToEndId }),
    ]);
    expect(refunds[0]!.endToEndId).toMatch(/^E[0-9A-Z]{31}$/);
    expect(stored?.refundExternalId).toBe(refunds[0]!.rtrId);
    await expectInvariants(t, 'arrependimento');
  });

  test('When 7 days have passed since the payment, then withdrawal is refused in Portuguese and cancelling is offered instead; nothing changes', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, subscriptionId } = await firstPurchase('Passou do Prazo');
    t.clock.advanceDays(7);
    expect((await t.call('GET', `/v1/subscriptions/${subscriptionId}/withdrawal`, { token: member.token })).body).toEqual({ available: false, until: null, amountCents: 0 });
    const before = await snapshotData(t.db);
    const refused = await t.call('POST', `/v1/subscriptions/${subscriptionId}/withdrawal`, { token: member.token, body: { reason: 'Desisti' } });
    expectErrorShape(refused, 409);
    expect(refused.body.message).toBe(
      'O direito de arrependimento vale por 7 dias a partir do pagamento da primeira assinatura. Você ainda pode cancelar: o acesso continua até o fim do período pago.',
    );
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When a member who withdrew buys again, then the new purchase is not a first purchase', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, subscriptionId } = await firstPurchase('Volta Depois');
    expect((await t.call('POST', `/v1/subscriptions/${subscriptionId}/withdrawal`, { token: member.token, body: { reason: 'Desisti' } })).status).toBe(200);
    const again = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    await payOpenInvoice(t, member, again.body._id);
    expect((await t.call('GET', `/v1/subscriptions/${again.body._id}/withdrawal`, { token: member.token })).body.available).toBe(false);
  });

  test('When a laboratory manager withdraws, then the technicians lose access at once', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const lab = await labManager(t, t.plans.mensal, 3);
    const technician = await addTechnician(t, lab.manager);
    expect(await userDoc(t, technician.id)).toMatchObject({ hasActiveSubscription: true });
    const result = await t.call('POST', `/v1/subscriptions/${lab.subscriptionId}/withdrawal`, { token: lab.manager.token, body: { reason: 'Desisti' } });
    expect(result.status).toBe(200);
    expect(await userDoc(t, technician.id)).toMatchObject({ hasActiveSubscription: false });
    await expectInvariants(t, 'arrependimento do gestor');
  });
});

describe('Receipts', () => {
  test('When the owner downloads the receipt of a paid invoice, then the PDF names who received, who paid, the amount, the period and the PIX E2E id', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const member = await createActor(t, 'USER', 'Renata Recibo');
    await giveLaboratory(t, member);
    const sub = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    const { invoiceId } = await payOpenInvoice(t, member, sub.body._id);
    const response = await fetch(`${t.url}/v1/subscriptions/${sub.body._id}/invoices/${invoiceId}/receipt.pdf`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="recibo-2026-03-10-${invoiceId.slice(-8)}.pdf"`);
    const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).replace(/\s+/g, ' ');
    const paid = (await t.db.collection<InvoiceDocument>(COLLECTIONS.invoices).find({}).toArray()).find((invoice) => invoice._id.toHexString() === invoiceId)!;
    expect(text).toContain('Recibo');
    expect(text).toContain('Nome: Renata Recibo');
    expect(text).toContain('CPF/CNPJ: 11.222.333/0001-81 (Laboratório Análises Vida)');
    expect(text).toContain('R$ 89,90');
    expect(text).toContain('Período: 10/03/2026 a 10/04/2026');
    expect(text).toContain('Forma de pagamento: PIX');
    expect(text).toContain(`Identificador PIX (E2E): ${paid.endToEndId}`);
    expect(text).toContain('Empresa: Clube Lab Ltda.');
    expect(text).toContain('CNPJ: 12.345.678/0001-95');
    expect(text).toContain('Ele não é nota fiscal');
  });

  test('When the invoice is still open or belongs to someone else, then no receipt: 409 in Portuguese, 403 for another member', async () => {
    const member = await createActor(t);
    const sub = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    const [open] = (await invoices(sub.body._id)).body.data;
    expect(open.hasReceipt).toBe(false);
    const refused = await t.call('GET', `/v1/subscriptions/${sub.body._id}/invoices/${open._id}/receipt.pdf`, { token: member.token });
    expectErrorShape(refused, 409);
    expect(refused.body).toMatchObject({ code: 'RECEIPT_UNAVAILABLE', message: 'Só faturas pagas têm recibo.' });
    expectErrorShape(await t.call('GET', `/v1/subscriptions/${sub.body._id}/invoices/${open._id}/receipt.pdf`, { token: actors.member.token }), 403);
  });
});

describe('An admin pausing a subscription', () => {
  test('When an admin pauses with a reason, then the subscription says who paused it and why; a later payment pause clears it', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { subscriptionId } = await firstPurchase('Pausada Pela Admin');
    const paused = await t.call('PATCH', '/v1/subscriptions/status', {
      token: actors.admin.token,
      body: { subscriptionId, status: 'PAUSED', reason: '  Pagamento em análise pelo financeiro  ' },
    });
    expect(paused.status).toBe(200);
    expect(paused.body.adminDecision).toEqual({ status: 'PAUSED', byName: actors.admin.profile.name, reason: 'Pagamento em análise pelo financeiro', at: '2026-03-10T12:00:00.000Z' });

    expect((await t.call('PATCH', '/v1/subscriptions/status', { token: actors.admin.token, body: { subscriptionId, status: 'ACTIVE' } })).body.adminDecision).toMatchObject({
      status: 'ACTIVE',
      reason: null,
    });
    // The member's renewal goes unpaid: paused by the calendar, not by an admin.
    t.clock.advanceDays(35);
    await t.app.reconciliation.run();
    const after = await t.call('GET', `/v1/subscriptions/${subscriptionId}`, { token: actors.admin.token });
    expect(after.body).toMatchObject({ status: 'PAUSED', adminDecision: null });
  });
});

describe("The admin's subscription list", () => {
  test("When an admin lists subscriptions, then each row names the member; filtering by part of a name or e-mail finds theirs", async () => {
    const { member } = await firstPurchase('Zuleica Buscável');
    const all = await t.call('GET', '/v1/subscriptions/paginated', { token: actors.admin.token, query: { limit: 100 } });
    expect(all.body.data.find((row: { userId: string }) => row.userId === member.id).member).toEqual({ name: 'Zuleica Buscável', email: member.account.email });
    const byName = await t.call('GET', '/v1/subscriptions/paginated', { token: actors.admin.token, query: { member: 'zuleica' } });
    expect(byName.body.data.map((row: { userId: string }) => row.userId)).toEqual([member.id]);
    const byEmail = await t.call('GET', '/v1/subscriptions/paginated', { token: actors.admin.token, query: { member: member.account.email.toUpperCase() } });
    expect(byEmail.body.meta.total).toBe(1);
    const none = await t.call('GET', '/v1/subscriptions/paginated', { token: actors.admin.token, query: { member: 'ninguém com este nome' } });
    expect(none.body).toMatchObject({ data: [], meta: { total: 0 } });
  });
});
