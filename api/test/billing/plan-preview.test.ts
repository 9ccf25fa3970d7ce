import { createActor, type TestActor } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { startBillingApp, type BillingTestApp, type PlanView } from '../helpers/billing';

/** GET /subscriptions/{id}/plan-preview and /payment-status (issue 13's API pieces, built on the lifecycle). */
let t: BillingTestApp;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
});

afterAll(async () => {
  await t.close();
});

async function activeMember(plan: PlanView): Promise<{ member: TestActor; subId: string }> {
  const member = await createActor(t);
  const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: plan._id, paymentMethod: 'PIX' } })).body;
  const pix = (await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token })).body;
  await t.call('POST', `/v1/sandbox/invoices/${pix.invoiceId}/pay`, { token: member.token });
  return { member, subId: sub._id };
}

const preview = (member: TestActor, subId: string, plan: PlanView) =>
  t.call('GET', `/v1/subscriptions/${subId}/plan-preview`, { token: member.token, query: { externalPlanId: plan.externalPlanId } });

describe('Plan-change preview', () => {
  test('When a member previews an upgrade and then confirms it, then the confirmation charges exactly what the preview showed', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, subId } = await activeMember(t.plans.mensal);
    t.clock.set('2026-03-20T12:00:00.000Z');

    const shown = await preview(member, subId, t.plans.anual);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      kind: 'UPGRADE',
      amountCents: 80190,
      creditCents: 6090,
      creditsNow: 3,
      creditsAfter: 60,
      effectiveAt: null,
      invoiceId: null,
    });
    expect(shown.body.message).toContain('Será cobrado agora R$ 801,90');
    // A preview writes nothing: no invoice, no held credits.
    const invoices = await t.call('GET', `/v1/subscriptions/${subId}/invoices`, { token: member.token });
    expect(invoices.body.meta.total).toBe(1);

    const confirmed = await t.call('PATCH', `/v1/subscriptions/${subId}/plan`, { token: member.token, body: { externalPlanId: t.plans.anual.externalPlanId } });
    const { invoiceId: _none, ...previewed } = shown.body;
    const { invoiceId, ...charged } = confirmed.body.change;
    expect(charged).toEqual(previewed);
    const pix = await t.call('GET', `/v1/subscriptions/${subId}/pixQRCode`, { token: member.token });
    expect(pix.body).toMatchObject({ invoiceId, amountCents: shown.body.amountCents });

    // Previewing the change already waiting shows that same change, with its invoice.
    const again = await preview(member, subId, t.plans.anual);
    expect(again.body).toMatchObject({ kind: 'UPGRADE', amountCents: 80190, invoiceId });
  });

  test('When a member previews a downgrade, then nothing is charged now and the page learns from when the new price applies', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, subId } = await activeMember(t.plans.anual);
    const shown = await preview(member, subId, t.plans.mensal);
    expect(shown.body).toMatchObject({ kind: 'DOWNGRADE', amountCents: 8990, effectiveAt: '2027-03-10T12:00:00.000Z', creditsNow: 60, creditsAfter: 63 });
    expect(shown.body.message).toContain('Nada é cobrado agora');
  });

  test('When the preview does not apply, then the same 4xx the confirmation would give', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, subId } = await activeMember(t.plans.mensal);
    const same = await preview(member, subId, t.plans.mensal);
    expectErrorShape(same, 409);
    expect(same.body.message).toBe('Sua assinatura já está no plano Mensal.');
    const unknown = await t.call('GET', `/v1/subscriptions/${subId}/plan-preview`, { token: member.token, query: { externalPlanId: 'nao-existe' } });
    expectErrorShape(unknown, 404);
    const missing = await t.call('GET', `/v1/subscriptions/${subId}/plan-preview`, { token: member.token });
    expectErrorShape(missing, 400);
  });
});

describe('Payment status', () => {
  test('When a member polls while paying a PIX, then the status turns paid without anything else being called', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const member = await createActor(t);
    const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } })).body;
    const before = await t.call('GET', `/v1/subscriptions/${sub._id}/payment-status`, { token: member.token });
    expect(before.body).toMatchObject({
      subscriptionId: sub._id,
      subscriptionStatus: 'PENDING',
      hasAccess: false,
      invoice: { kind: 'FIRST', status: 'PENDING', paid: false, amountCents: 8990, dueDate: '2026-03-13T12:00:00.000Z' },
    });
    const pix = (await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token })).body;
    const during = await t.call('GET', `/v1/subscriptions/${sub._id}/payment-status`, { token: member.token });
    expect(during.body.invoice).toMatchObject({ _id: pix.invoiceId, pixExpiresAt: pix.expiresAt });

    await t.call('POST', `/v1/sandbox/invoices/${pix.invoiceId}/pay`, { token: member.token });
    const after = await t.call('GET', `/v1/subscriptions/${sub._id}/payment-status`, { token: member.token });
    expect(after.body).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      hasAccess: true,
      invoice: { _id: pix.invoiceId, status: 'PAID', paid: true, paidAt: '2026-03-10T12:00:00.000Z' },
    });
  });
});
