import { ObjectId } from 'mongodb';
import { seedPlans } from '../../src/seed/plans';
import { createActor, startTestApp } from '../helpers/app';
import { startBillingApp, TestClock, userDoc, type BillingTestApp } from '../helpers/billing';

let t: BillingTestApp;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
});

afterAll(async () => {
  await t.close();
});

async function paidMember(start: string) {
  t.clock.set(start);
  const member = await createActor(t);
  const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } })).body;
  const pix = (await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token })).body;
  await t.call('POST', `/v1/sandbox/invoices/${pix.invoiceId}/pay`, { token: member.token });
  return { member, subId: sub._id as string };
}

const invoicesOf = (subId: string) => t.app.invoicesRepository.findAllBySubscription(new ObjectId(subId));

describe('Reconciliation job', () => {
  test('When two instances run it at the same moment, then each renewal, pause and cancellation happens once', async () => {
    const renewing = await paidMember('2026-03-10T12:00:00.000Z');
    t.clock.set('2026-04-05T12:00:00.000Z');
    const first = await Promise.all([t.app.reconciliation.run(), t.app.reconciliation.run()]);
    expect(first[0].renewalsIssued + first[1].renewalsIssued).toBe(1);
    expect((await invoicesOf(renewing.subId)).filter((invoice) => invoice.kind === 'RENEWAL')).toHaveLength(1);

    t.clock.set('2026-04-11T12:00:00.000Z');
    const second = await Promise.all([t.app.reconciliation.run(), t.app.reconciliation.run()]);
    expect(second[0].subscriptionsPaused + second[1].subscriptionsPaused).toBe(1);

    t.clock.set('2026-04-18T12:00:00.000Z');
    const third = await Promise.all([t.app.reconciliation.run(), t.app.reconciliation.run()]);
    expect(third[0].subscriptionsCanceled + third[1].subscriptionsCanceled).toBe(1);
    const sub = await t.call('GET', `/v1/subscriptions/${renewing.subId}`, { token: renewing.member.token });
    expect(sub.body).toMatchObject({ status: 'CANCELED', canceledAt: '2026-04-18T12:00:00.000Z' });
    // The unpaid renewal is canceled with it; the profile no longer grants access.
    expect((await invoicesOf(renewing.subId)).map((invoice) => `${invoice.kind}:${invoice.status}`).sort()).toEqual(['FIRST:PAID', 'RENEWAL:CANCELED']);
    expect(await userDoc(t, renewing.member.id)).toMatchObject({ hasActiveSubscription: false });

    // Nothing left to do: a further pass changes nothing.
    expect(await t.app.reconciliation.run()).toEqual({
      renewalsIssued: 0,
      invoicesOverdue: 0,
      subscriptionsPaused: 0,
      checkoutsExpired: 0,
      upgradesExpired: 0,
      subscriptionsCanceled: 0,
      refundsSent: 0,
      pixPaymentsFound: 0,
      recurringDebitsPaid: 0,
      recurringRetriesScheduled: 0,
    });
  });

  test('When a checkout is not paid by its due date, then it expires (CANCELED) and the member may check out again', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const member = await createActor(t);
    const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } })).body;
    t.clock.set('2026-03-13T11:59:59.000Z');
    expect((await t.app.reconciliation.run()).checkoutsExpired).toBe(0);
    t.clock.set('2026-03-13T12:00:01.000Z');
    expect((await t.app.reconciliation.run()).checkoutsExpired).toBe(1);
    expect((await t.call('GET', `/v1/subscriptions/${sub._id}`, { token: member.token })).body.status).toBe('CANCELED');
    const again = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.anual._id, paymentMethod: 'PIX' } });
    expect(again.status).toBe(201);
    expect((await userDoc(t, member.id)).subscription?.toHexString()).toBe(again.body._id);
  });

  test('When the API starts with overdue work in the data, then the start pass settles it before the first request', async () => {
    const subscriptionId = new ObjectId();
    const userId = new ObjectId();
    const other = await startTestApp({
      now: () => new Date('2026-05-01T12:00:00.000Z'),
      beforeListen: async (app) => {
        // Paid until 1 April, and the API was down since before the renewal was issued.
        await seedPlans(app);
        const plan = (await app.plansRepository.listActive()).find((candidate) => candidate.interval === 'MONTHLY')!;
        const at = new Date('2026-03-01T12:00:00.000Z');
        await app.usersRepository.insertIfAbsent({
          _id: userId, providerId: `p-${userId.toHexString()}`, email: `${userId.toHexString()}@teste.clube.local`, name: 'Início',
          role: 'USER', subscription: subscriptionId, hasActiveSubscription: true, onboardingCompleted: true, laboratory: null,
          credits: { balance: 3, used: 0 }, createdAt: at, updatedAt: at,
        });
        await app.subscriptionsRepository.insert({
          _id: subscriptionId, userId, planId: plan._id, externalPlanId: plan.externalPlanId, externalId: 'sbx_sub_start',
          externalCustomerId: 'sbx_cus_start', paymentMethod: 'PIX', status: 'ACTIVE', isOpen: true, startDate: at,
          currentPeriodStart: at, endDate: new Date('2026-04-01T12:00:00.000Z'), cancelRequest: null, canceledAt: null,
          pendingPlanChange: null, createdAt: at, updatedAt: at,
        });
      },
    });
    try {
      // Renewal issued (due 1 April) → overdue → PAUSED until 8 April → past that → CANCELED, all in the start pass.
      const sub = await other.app.subscriptionsRepository.findById(subscriptionId);
      expect(sub).toMatchObject({ status: 'CANCELED', isOpen: false, canceledAt: new Date('2026-05-01T12:00:00.000Z') });
      const invoices = await other.app.invoicesRepository.findAllBySubscription(subscriptionId);
      expect(invoices.map((invoice) => `${invoice.kind}:${invoice.status}`)).toEqual(['RENEWAL:CANCELED']);
      expect(await other.app.usersRepository.findById(userId)).toMatchObject({ hasActiveSubscription: false, subscription: subscriptionId });
    } finally {
      await other.close();
    }
  });

  test('When a schedule is configured, then the job runs again by itself', async () => {
    const clock = new TestClock('2026-03-10T12:00:00.000Z');
    const scheduled = await startTestApp({ now: clock.now, config: { reconcileIntervalMs: 25 } });
    try {
      await seedPlans(scheduled.app);
      const member = await createActor(scheduled);
      const plan = (await scheduled.app.plansRepository.listActive())[0]!;
      const sub = (await scheduled.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: plan._id.toHexString(), paymentMethod: 'PIX' } })).body;
      clock.set('2026-03-20T12:00:00.000Z');
      // No explicit run: the 25 ms timer must expire the checkout (polled for at most 3 s).
      let status = 'PENDING';
      for (let attempt = 0; attempt < 150 && status === 'PENDING'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await scheduled.app.subscriptionsRepository.findById(sub._id))!.status;
      }
      expect(status).toBe('CANCELED');
    } finally {
      await scheduled.close();
    }
  });
});
