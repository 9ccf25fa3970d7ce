import { createActor } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { startBillingApp, userDoc, type BillingTestApp, type PlanView } from '../helpers/billing';

let t: BillingTestApp;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
});

afterAll(async () => {
  await t.close();
});

/** A member with a paid subscription on `plan`, started at the clock's current time. */
async function activeMember(plan: PlanView) {
  const member = await createActor(t);
  const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: plan._id, paymentMethod: 'PIX' } })).body;
  const pix = (await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token })).body;
  const paid = await t.call('POST', `/v1/sandbox/invoices/${pix.invoiceId}/pay`, { token: member.token });
  expect(paid.body.subscription.status).toBe('ACTIVE');
  return { member, sub: paid.body.subscription };
}

describe('Plan change', () => {
  test('When a member upgrades mid-period, then the prorated difference is charged now and the new plan starts on payment', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, sub } = await activeMember(t.plans.mensal);
    expect(sub.endDate).toBe('2026-04-10T12:00:00.000Z');

    // 21 of the 31 days of the period are unused: 8990 × 21/31 = 6090 credited against 86280.
    t.clock.set('2026-03-20T12:00:00.000Z');
    const result = await t.call('PATCH', `/v1/subscriptions/${sub._id}/plan`, {
      token: member.token,
      body: { externalPlanId: t.plans.anual.externalPlanId },
    });
    expect(result.status).toBe(200);
    expect(result.body.change).toMatchObject({
      kind: 'UPGRADE',
      fromPlan: { name: 'Mensal' },
      toPlan: { name: 'Anual' },
      amountCents: 80190,
      creditCents: 6090,
      chargedAt: '2026-03-20T12:00:00.000Z',
      dueDate: '2026-03-23T12:00:00.000Z',
      effectiveAt: null,
    });
    expect(result.body.change.message).toContain('Será cobrado agora R$ 801,90');
    expect(result.body.change.message).toContain('R$ 60,90 pelos dias não usados do plano Mensal');
    // Until paid, the member stays on the current plan.
    expect(result.body.subscription).toMatchObject({
      plan: { name: 'Mensal' },
      pendingPlanChange: { kind: 'UPGRADE', plan: { name: 'Anual' }, invoiceId: result.body.change.invoiceId },
    });

    // Asking again is idempotent: the same charge, not a second one.
    const again = await t.call('PATCH', `/v1/subscriptions/${sub._id}/plan`, { token: member.token, body: { externalPlanId: t.plans.anual.externalPlanId } });
    expect(again.body.change).toMatchObject({ kind: 'UPGRADE', amountCents: 80190, invoiceId: result.body.change.invoiceId });

    const pix = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token });
    expect(pix.body).toMatchObject({ invoiceId: result.body.change.invoiceId, amountCents: 80190 });
    const paid = await t.call('POST', `/v1/sandbox/invoices/${pix.body.invoiceId}/pay`, { token: member.token });
    expect(paid.body.invoice).toMatchObject({ kind: 'UPGRADE', status: 'PAID', creditsGranted: 60 });
    expect(paid.body.subscription).toMatchObject({
      status: 'ACTIVE',
      plan: { name: 'Anual' },
      externalPlanId: t.plans.anual.externalPlanId,
      currentPeriodStart: '2026-03-20T12:00:00.000Z',
      endDate: '2027-03-20T12:00:00.000Z',
      pendingPlanChange: null,
    });
    // The Mensal period was credited back (R$ 60,90 of it): its 3 credits went back with it (held at the request).
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: true, credits: { balance: 60 } });
  });

  test('When a member downgrades, then nothing is charged now and the cheaper plan starts with the next cycle', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, sub } = await activeMember(t.plans.anual);
    expect(sub.endDate).toBe('2027-03-10T12:00:00.000Z');

    t.clock.set('2026-06-01T12:00:00.000Z');
    const result = await t.call('PATCH', `/v1/subscriptions/${sub._id}/plan`, {
      token: member.token,
      body: { externalPlanId: t.plans.mensal.externalPlanId },
    });
    expect(result.status).toBe(200);
    expect(result.body.change).toMatchObject({
      kind: 'DOWNGRADE',
      amountCents: 8990,
      chargedAt: '2027-03-10T12:00:00.000Z',
      effectiveAt: '2027-03-10T12:00:00.000Z',
      invoiceId: null,
    });
    expect(result.body.change.message).toContain('Nada é cobrado agora');
    expect(result.body.change.message).toContain('10/03/2027');
    expect(result.body.subscription).toMatchObject({ plan: { name: 'Anual' }, pendingPlanChange: { kind: 'DOWNGRADE', plan: { name: 'Mensal' } } });
    const invoices = await t.call('GET', `/v1/subscriptions/${sub._id}/invoices`, { token: member.token });
    expect(invoices.body.meta.total).toBe(1);

    // The renewal is issued at the new price, for a monthly period.
    t.clock.set('2027-03-05T12:00:00.000Z');
    expect(await t.app.reconciliation.run()).toMatchObject({ renewalsIssued: 1 });
    const pix = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token });
    expect(pix.body).toMatchObject({ amountCents: 8990, dueDate: '2027-03-10T12:00:00.000Z' });
    const paid = await t.call('POST', `/v1/sandbox/invoices/${pix.body.invoiceId}/pay`, { token: member.token });
    expect(paid.body.subscription).toMatchObject({
      plan: { name: 'Mensal' },
      currentPeriodStart: '2027-03-10T12:00:00.000Z',
      endDate: '2027-04-10T12:00:00.000Z',
      pendingPlanChange: null,
    });
    expect(await userDoc(t, member.id)).toMatchObject({ credits: { balance: 63 } });
  });

  test('When a downgrade is undone after the renewal was issued, then the renewal goes back to the current price', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, sub } = await activeMember(t.plans.trimestral);
    t.clock.set('2026-06-05T12:00:00.000Z');
    expect(await t.app.reconciliation.run()).toMatchObject({ renewalsIssued: 1 });

    const down = await t.call('PATCH', `/v1/subscriptions/${sub._id}/plan`, { token: member.token, body: { externalPlanId: t.plans.mensal.externalPlanId } });
    expect(down.body.change.kind).toBe('DOWNGRADE');
    let invoices = (await t.call('GET', `/v1/subscriptions/${sub._id}/invoices`, { token: member.token })).body.data;
    expect(invoices[0]).toMatchObject({ kind: 'RENEWAL', status: 'PENDING', amountCents: 8990, periodEnd: '2026-07-10T12:00:00.000Z' });

    const back = await t.call('PATCH', `/v1/subscriptions/${sub._id}/plan`, { token: member.token, body: { externalPlanId: t.plans.trimestral.externalPlanId } });
    expect(back.body.change).toMatchObject({ kind: 'REVERTED', amountCents: 0 });
    expect(back.body.change.message).toBe('A troca de plano foi desfeita. Você continua no plano Trimestral.');
    expect(back.body.subscription.pendingPlanChange).toBeNull();
    invoices = (await t.call('GET', `/v1/subscriptions/${sub._id}/invoices`, { token: member.token })).body.data;
    expect(invoices[0]).toMatchObject({ kind: 'RENEWAL', status: 'PENDING', amountCents: 23990, periodEnd: '2026-09-10T12:00:00.000Z' });
    // Each re-pricing cancels the renewal and issues another for the same cycle: one live renewal at a time.
    expect(invoices.filter((invoice: { status: string }) => invoice.status !== 'CANCELED')).toHaveLength(2);
  });

  test('When an upgrade is not paid by its due date, then it lapses and the current plan continues', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, sub } = await activeMember(t.plans.mensal);
    const up = await t.call('PATCH', `/v1/subscriptions/${sub._id}/plan`, { token: member.token, body: { externalPlanId: t.plans.trimestral.externalPlanId } });
    expect(up.body.change).toMatchObject({ kind: 'UPGRADE', amountCents: 23990 - 8990 });

    t.clock.set('2026-03-14T12:00:00.000Z');
    expect(await t.app.reconciliation.run()).toMatchObject({ upgradesExpired: 1, subscriptionsPaused: 0 });
    const current = await t.call('GET', `/v1/subscriptions/${sub._id}`, { token: member.token });
    expect(current.body).toMatchObject({ status: 'ACTIVE', plan: { name: 'Mensal' }, pendingPlanChange: null });
    const lapsed = await t.call('POST', `/v1/sandbox/invoices/${up.body.change.invoiceId}/pay`, { token: member.token });
    expectErrorShape(lapsed, 409);
    expect(lapsed.body.message).toBe('Esta fatura foi cancelada e não pode mais ser paga.');
  });

  test('When the subscription is still awaiting its first payment, then the plan switches at once and the open invoice follows', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const member = await createActor(t);
    const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } })).body;
    const result = await t.call('PATCH', `/v1/subscriptions/${sub._id}/plan`, { token: member.token, body: { externalPlanId: t.plans.anual.externalPlanId } });
    expect(result.body.change).toMatchObject({ kind: 'IMMEDIATE', amountCents: 86280, dueDate: '2026-03-13T12:00:00.000Z' });
    expect(result.body.subscription).toMatchObject({ status: 'PENDING', plan: { name: 'Anual' } });
    const pix = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token });
    expect(pix.body.amountCents).toBe(86280);
    const unknown = await t.call('PATCH', `/v1/subscriptions/${sub._id}/plan`, { token: member.token, body: { externalPlanId: 'nao-existe' } });
    expectErrorShape(unknown, 404);
  });
});
