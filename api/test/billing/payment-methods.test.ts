import { createActor, snapshotData } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { expectErrorShape } from '../helpers/http';

/**
 * Issue 25, item 5: only what a gateway can take is accepted. There is no card gateway, so
 * CREDIT_CARD is refused in Portuguese at checkout and on the subscription, and nothing changes.
 */
let t: BillingTestApp;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
});

afterAll(async () => {
  await t.close();
});

const CARD_REFUSED = { code: 'PAYMENT_METHOD_UNAVAILABLE', message: 'Pagamento com cartão de crédito ainda não está disponível. Pague com PIX.' };

describe('Payment methods', () => {
  test('When a member checks out with CREDIT_CARD, then 422 PAYMENT_METHOD_UNAVAILABLE in Portuguese and no subscription is created', async () => {
    const member = await createActor(t);
    const before = await snapshotData(t.db);
    const result = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'CREDIT_CARD' } });
    expectErrorShape(result, 422);
    expect(result.body).toMatchObject(CARD_REFUSED);
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When a subscriber switches to CREDIT_CARD, then 422 PAYMENT_METHOD_UNAVAILABLE and the subscription keeps PIX', async () => {
    const member = await createActor(t);
    const created = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    expect(created.status).toBe(201);
    const before = await snapshotData(t.db);
    const result = await t.call('PATCH', '/v1/subscriptions', { token: member.token, body: { subscriptionId: created.body._id, paymentMethod: 'CREDIT_CARD' } });
    expectErrorShape(result, 422);
    expect(result.body).toMatchObject(CARD_REFUSED);
    expect(await snapshotData(t.db)).toBe(before);
    const pix = await t.call('GET', `/v1/subscriptions/${created.body._id}/pixQRCode`, { token: member.token });
    expect(pix.status).toBe(200);
  });
});
