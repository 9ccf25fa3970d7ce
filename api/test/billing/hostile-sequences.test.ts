import { createActor, type TestActor } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { expectInvariants, startBillingApp, userDoc, type BillingTestApp, type PlanView } from '../helpers/billing';

/**
 * The three sequences of the hostile review (issue "Billing you can trust"), over HTTP. Each
 * failed on the old billing-service/payments/reconciliation trio; the invariants are checked
 * after every step.
 */
let t: BillingTestApp;

// One app per test: the invariants judge all stored data, and each test moves its clock from the start.
beforeEach(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
});

afterEach(async () => {
  await t.close();
});

interface Invoice {
  _id: string;
  kind: string;
  status: string;
  amountCents: number;
  dueDate: string;
  periodStart: string | null;
  periodEnd: string | null;
}

async function openInvoice(member: TestActor, subId: string) {
  return t.call('GET', `/v1/subscriptions/${subId}/pixQRCode`, { token: member.token });
}

async function pay(member: TestActor, invoiceId: string) {
  return t.call('POST', `/v1/sandbox/invoices/${invoiceId}/pay`, { token: member.token });
}

async function invoicesOf(member: TestActor, subId: string): Promise<Invoice[]> {
  return (await t.call('GET', `/v1/subscriptions/${subId}/invoices`, { token: member.token, query: { limit: 100 } })).body.data;
}

async function paidMember(plan: PlanView): Promise<{ member: TestActor; subId: string }> {
  const member = await createActor(t);
  const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: plan._id, paymentMethod: 'PIX' } })).body;
  const pix = await openInvoice(member, sub._id);
  expect((await pay(member, pix.body.invoiceId)).status).toBe(200);
  await expectInvariants(t, 'primeiro pagamento');
  return { member, subId: sub._id };
}

async function changePlan(member: TestActor, subId: string, plan: PlanView) {
  const result = await t.call('PATCH', `/v1/subscriptions/${subId}/plan`, { token: member.token, body: { externalPlanId: plan.externalPlanId } });
  expect(result.status).toBe(200);
  return result.body.change;
}

const reconcileAt = async (at: string) => {
  t.clock.set(at);
  const report = await t.app.reconciliation.run();
  await expectInvariants(t, `reconciliação em ${at}`);
  return report;
};

describe('Hostile review: the three billing sequences', () => {
  test('When a member cancels after the renewal was issued and then undoes it, then the renewal is issued again and access ends if it is not paid', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, subId } = await paidMember(t.plans.mensal);
    expect(await reconcileAt('2026-04-04T12:00:00.000Z')).toMatchObject({ renewalsIssued: 1 });

    const cancel = await t.call('POST', `/v1/subscriptions/cancelRequest/${subId}`, { token: member.token, body: { reason: 'Preço' } });
    expect(cancel.status).toBe(200);
    await expectInvariants(t, 'pedido de cancelamento');
    const undone = await t.call('PATCH', `/v1/subscriptions/reactivate/${subId}`, { token: member.token });
    expect(undone.body).toMatchObject({ status: 'ACTIVE', cancelRequest: null });
    await expectInvariants(t, 'desfazer o cancelamento');

    // The renewal is payable again, due on the end of the period.
    const pix = await openInvoice(member, subId);
    expect(pix.status).toBe(200);
    expect(pix.body).toMatchObject({ amountCents: 8990, dueDate: '2026-04-10T12:00:00.000Z', status: 'PENDING' });
    const live = (await invoicesOf(member, subId)).filter((invoice) => invoice.kind === 'RENEWAL' && invoice.status !== 'CANCELED');
    expect(live).toHaveLength(1);

    // Not paid: access ends after the period, then the subscription is canceled after the grace.
    expect(await reconcileAt('2026-04-11T12:00:00.000Z')).toMatchObject({ subscriptionsPaused: 1 });
    expect((await t.call('GET', `/v1/subscriptions/${subId}`, { token: member.token })).body).toMatchObject({ status: 'PAUSED', hasAccess: false });
    expect(await reconcileAt('2026-04-18T12:00:00.000Z')).toMatchObject({ subscriptionsCanceled: 1 });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: false });
  });

  test('When a member upgrades step by step (Mensal → Trimestral → Anual), then the credits are those of the plan paid for, not of refunded cycles', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, subId } = await paidMember(t.plans.mensal);

    const toQuarterly = await changePlan(member, subId, t.plans.trimestral);
    // The whole Mensal month is unused: all of it credited, its 3 credits held.
    expect(toQuarterly).toMatchObject({ kind: 'UPGRADE', amountCents: 23990 - 8990, creditCents: 8990, creditsNow: 3, creditsAfter: 12 });
    await expectInvariants(t, 'upgrade para Trimestral');
    expect((await pay(member, toQuarterly.invoiceId)).body.subscription).toMatchObject({ plan: { name: 'Trimestral' } });
    await expectInvariants(t, 'pagamento do Trimestral');
    expect(await userDoc(t, member.id)).toMatchObject({ credits: { balance: 12 } });

    const toYearly = await changePlan(member, subId, t.plans.anual);
    expect(toYearly).toMatchObject({ kind: 'UPGRADE', amountCents: 86280 - 23990, creditCents: 23990 });
    await expectInvariants(t, 'upgrade para Anual');
    expect((await pay(member, toYearly.invoiceId)).body.subscription).toMatchObject({
      plan: { name: 'Anual' },
      endDate: '2027-03-10T12:00:00.000Z',
    });
    await expectInvariants(t, 'pagamento do Anual');

    const paid = (await invoicesOf(member, subId)).filter((invoice) => invoice.status === 'PAID');
    expect(paid.reduce((sum, invoice) => sum + invoice.amountCents, 0)).toBe(86280);
    expect(await userDoc(t, member.id)).toMatchObject({ credits: { balance: 60, used: 0 } });
  });

  test('When a quarterly member 5 days before the end pays the renewal and then an upgrade, then the paid quarter is credited, not lost', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, subId } = await paidMember(t.plans.trimestral);
    await reconcileAt('2026-06-03T12:00:00.000Z');
    const renewal = await openInvoice(member, subId);
    expect(renewal.body).toMatchObject({ amountCents: 23990, dueDate: '2026-06-10T12:00:00.000Z' });
    t.clock.set('2026-06-04T12:00:00.000Z');
    expect((await pay(member, renewal.body.invoiceId)).body.subscription).toMatchObject({ endDate: '2026-09-10T12:00:00.000Z' });
    await expectInvariants(t, 'pagamento da renovação');
    expect(await userDoc(t, member.id)).toMatchObject({ credits: { balance: 24 } });

    t.clock.set('2026-06-05T12:00:00.000Z');
    const up = await changePlan(member, subId, t.plans.anual);
    // 5 of the 92 days of the current quarter (23990 × 5/92 = 1304) plus the whole paid next quarter.
    expect(up).toMatchObject({ kind: 'UPGRADE', creditCents: 1304 + 23990, amountCents: 86280 - 1304 - 23990 });
    await expectInvariants(t, 'upgrade com a renovação paga');
    const paid = await pay(member, up.invoiceId);
    expect(paid.body.subscription).toMatchObject({
      plan: { name: 'Anual' },
      currentPeriodStart: '2026-06-05T12:00:00.000Z',
      endDate: '2027-06-05T12:00:00.000Z',
    });
    await expectInvariants(t, 'pagamento do upgrade');
    // Credits: 12 + 12 paid; 1 (5/92 of 12, rounded up) + 12 given back with the credited time; 60 granted.
    expect(await userDoc(t, member.id)).toMatchObject({ credits: { balance: 24 - 13 + 60 } });
    // Money: everything paid is what was enjoyed — 87 days of the first quarter plus the year.
    const total = (await invoicesOf(member, subId)).filter((invoice) => invoice.status === 'PAID').reduce((sum, invoice) => sum + invoice.amountCents, 0);
    expect(total).toBe(23990 - 1304 + 86280);
  });

  test('When a quarterly member asks for an upgrade with the renewal open, then the renewal is void and the PIX shown is the upgrade; the old renewal can no longer be paid', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { member, subId } = await paidMember(t.plans.trimestral);
    await reconcileAt('2026-06-05T12:00:00.000Z');
    const renewal = await openInvoice(member, subId);
    expect(renewal.body).toMatchObject({ amountCents: 23990, dueDate: '2026-06-10T12:00:00.000Z' });

    const up = await changePlan(member, subId, t.plans.anual);
    expect(up).toMatchObject({ kind: 'UPGRADE', dueDate: '2026-06-08T12:00:00.000Z', creditCents: 1304 });
    await expectInvariants(t, 'upgrade com a renovação em aberto');
    const pix = await openInvoice(member, subId);
    expect(pix.body).toMatchObject({ invoiceId: up.invoiceId, amountCents: 86280 - 1304 });
    const late = await pay(member, renewal.body.invoiceId);
    expectErrorShape(late, 409);
    expect(late.body.code).toBe('INVOICE_CANCELED');

    // Not paid: the upgrade lapses and the renewal of the current plan is issued again.
    expect(await reconcileAt('2026-06-08T12:00:01.000Z')).toMatchObject({ upgradesExpired: 1 });
    const again = await openInvoice(member, subId);
    expect(again.body).toMatchObject({ amountCents: 23990, dueDate: '2026-06-10T12:00:00.000Z' });
    expect(await userDoc(t, member.id)).toMatchObject({ credits: { balance: 12 } });
  });
});
