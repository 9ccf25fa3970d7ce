import { createActor } from '../helpers/app';
import { expectInvariants, startBillingApp, type BillingTestApp } from '../helpers/billing';
import { labManager, payOpenInvoice } from '../helpers/team';

/**
 * Issue 25, item 3: a team subscription answers what each of its cycles really costs (plan price ×
 * seats) and the credits each grants, wherever it is read — the member's page, the admin's list,
 * the cancel offer — and every cycle charges that.
 */
let t: BillingTestApp;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
});

afterAll(async () => {
  await t.close();
});

describe('What a team subscription costs', () => {
  test('When a lab buys 3 seats of Trimestral, then its subscription answers R$ 719,70 and 36 credits per cycle, to the member and in the admin list', async () => {
    const { manager, subscriptionId } = await labManager(t, t.plans.trimestral, 3);
    const admin = await createActor(t, 'ADMIN');

    const mine = await t.call('GET', `/v1/subscriptions/${subscriptionId}`, { token: manager.token });
    expect(mine.body).toMatchObject({ seats: 3, cycleAmountCents: 3 * 23990, cycleCredits: 36, plan: { priceCents: 23990 } });

    const listed = await t.call('GET', '/v1/subscriptions/paginated', { token: admin.token, query: { userId: manager.id } });
    expect(listed.body.data[0]).toMatchObject({ _id: subscriptionId, cycleAmountCents: 71970, cycleCredits: 36 });
  });

  test('When that lab moves to Anual, then the waiting change, the subscription once paid and the next renewal all say 3 × R$ 862,80 = R$ 2.588,40 and 180 credits', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { manager, subscriptionId } = await labManager(t, t.plans.trimestral, 3);
    t.clock.set('2026-03-20T12:00:00.000Z');
    const change = await t.call('PATCH', `/v1/subscriptions/${subscriptionId}/plan`, { token: manager.token, body: { externalPlanId: t.plans.anual.externalPlanId } });
    expect(change.body.subscription.pendingPlanChange).toMatchObject({ kind: 'UPGRADE', seats: 3, cycleAmountCents: 258840, cycleCredits: 180 });

    await payOpenInvoice(t, manager, subscriptionId);
    const paid = await t.call('GET', `/v1/subscriptions/${subscriptionId}`, { token: manager.token });
    expect(paid.body).toMatchObject({ plan: { name: 'Anual' }, seats: 3, cycleAmountCents: 258840, cycleCredits: 180 });

    // Seven days before the year ends the renewal is issued: for the three seats.
    t.clock.set('2027-03-14T12:00:00.000Z');
    await t.app.reconciliation.run();
    const invoices = await t.call('GET', `/v1/subscriptions/${subscriptionId}/invoices`, { token: manager.token });
    expect(invoices.body.data[0]).toMatchObject({ kind: 'RENEWAL', status: 'PENDING', seats: 3, amountCents: 258840 });
    await expectInvariants(t, 'renovação do Anual com 3 assentos');
  });
});
