import { createActor, type TestActor } from '../helpers/app';
import { expectInvariants, startBillingApp, userDoc, type BillingTestApp } from '../helpers/billing';
import { createCategory, createVideo, storeDemoFiles } from '../helpers/catalogue';
import { labManager, payOpenInvoice } from '../helpers/team';

/**
 * Issue 25, item 2: a plan change never takes credits before it is paid. The balance is kept while
 * the upgrade waits; on payment the new cycle's credits are added and only the unused days' credits
 * the preview named (in words, before confirming) leave the balance.
 */
let t: BillingTestApp;
let admin: TestActor;
let twoCreditVideo: string;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  admin = await createActor(t, 'ADMIN');
  await storeDemoFiles(t.app);
  const category = await createCategory(t, admin);
  twoCreditVideo = (await createVideo(t, admin, category._id, { access: 'CREDITS', creditCost: 2 }))._id;
});

afterAll(async () => {
  await t.close();
});

/** A 3-seat Trimestral laboratory that paid (36 credits) on `day` and spent 2: 34 left, as in the issue. Each test starts later than the last: the clock never goes back. */
async function labWith34Credits(day: string) {
  t.clock.set(`${day}T12:00:00.000Z`);
  const lab = await labManager(t, t.plans.trimestral, 3);
  const unlocked = await t.call('POST', '/v1/unlocks', { token: lab.manager.token, body: { itemType: 'VIDEO', itemId: twoCreditVideo } });
  expect(unlocked.status).toBe(201);
  expect((await userDoc(t, lab.manager.id)).credits).toEqual({ balance: 34, used: 2 });
  return lab;
}

const balanceOf = async (id: string) => (await userDoc(t, id)).credits.balance;

describe('Plan change and credits', () => {
  test('When a 3-seat Trimestral lab with 34 credits confirms a change to Anual and has not paid yet, then the balance stays 34 and the preview names in words the credits that leave on payment', async () => {
    const { manager, subscriptionId } = await labWith34Credits('2026-03-10');
    t.clock.set('2026-03-20T12:00:00.000Z'); // 10 of the quarter's 92 days used
    const anual = t.plans.anual.externalPlanId;

    const preview = await t.call('GET', `/v1/subscriptions/${subscriptionId}/plan-preview`, { token: manager.token, query: { externalPlanId: anual } });
    expect(preview.status).toBe(200);
    // ceil(36 × 82/92) = 33 credits of the unused days go with the R$ credit for those days; 180 come with the Anual.
    expect(preview.body).toMatchObject({ kind: 'UPGRADE', creditsNow: 34, creditsTakenBack: 33, creditsAfter: 34 - 33 + 180 });
    expect(preview.body.message).toContain('33 créditos');
    expect(preview.body.message).toContain('180 créditos');

    const confirmed = await t.call('PATCH', `/v1/subscriptions/${subscriptionId}/plan`, { token: manager.token, body: { externalPlanId: anual } });
    expect(confirmed.status).toBe(200);
    expect(await balanceOf(manager.id)).toBe(34);
    await expectInvariants(t, 'upgrade pedido');

    // Still nothing paid three days later, the day it is due: the balance is what it was.
    t.clock.set('2026-03-23T11:00:00.000Z');
    await t.app.reconciliation.run();
    expect(await balanceOf(manager.id)).toBe(34);

    const paid = await payOpenInvoice(t, manager, subscriptionId);
    expect(paid.amountCents).toBe(preview.body.amountCents);
    expect(await balanceOf(manager.id)).toBe(preview.body.creditsAfter);
    await expectInvariants(t, 'upgrade pago');
  });

  test('When the change is never paid, then it lapses and not a single credit was ever missing from the balance', async () => {
    const { manager, subscriptionId } = await labWith34Credits('2026-04-10');
    t.clock.set('2026-04-20T12:00:00.000Z');
    const confirmed = await t.call('PATCH', `/v1/subscriptions/${subscriptionId}/plan`, { token: manager.token, body: { externalPlanId: t.plans.anual.externalPlanId } });
    expect(confirmed.body.change.kind).toBe('UPGRADE');
    expect(await balanceOf(manager.id)).toBe(34);

    t.clock.set('2026-04-24T12:00:00.000Z');
    await t.app.reconciliation.run();
    const subscription = await t.call('GET', `/v1/subscriptions/${subscriptionId}`, { token: manager.token });
    expect(subscription.body).toMatchObject({ status: 'ACTIVE', pendingPlanChange: null, plan: { name: 'Trimestral' } });
    expect(await balanceOf(manager.id)).toBe(34);
    await expectInvariants(t, 'upgrade vencido');
  });

  test('When a member undoes a waiting change, then the balance is the one they had', async () => {
    const { manager, subscriptionId } = await labWith34Credits('2026-05-10');
    t.clock.set('2026-05-20T12:00:00.000Z');
    await t.call('PATCH', `/v1/subscriptions/${subscriptionId}/plan`, { token: manager.token, body: { externalPlanId: t.plans.anual.externalPlanId } });
    const undone = await t.call('PATCH', `/v1/subscriptions/${subscriptionId}/plan`, { token: manager.token, body: { externalPlanId: t.plans.trimestral.externalPlanId } });
    expect(undone.body.change).toMatchObject({ kind: 'REVERTED', creditsNow: 34, creditsAfter: 34 });
    expect(await balanceOf(manager.id)).toBe(34);
    await expectInvariants(t, 'troca desfeita');
  });
});
