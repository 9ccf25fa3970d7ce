import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import type { LaboratoryAccountDocument, SeatDocument } from '../../src/modules/team/documents';
import { createActor, snapshotData } from '../helpers/app';
import { startBillingApp, userDoc, type BillingTestApp } from '../helpers/billing';
import { expectErrorShape } from '../helpers/http';
import { giveLaboratory, labManager, payOpenInvoice } from '../helpers/team';

/** Checkout with seats (issue 16): price × seats on every invoice, the laboratory account and its MANAGER seat. */
let t: BillingTestApp;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
});

afterAll(async () => {
  await t.close();
});

const accountOf = (managerId: string) =>
  t.db.collection<LaboratoryAccountDocument>(COLLECTIONS.laboratoryAccounts).findOne({ managerId: new ObjectId(managerId) });

describe('Checkout with seats', () => {
  test('When a member without a laboratory asks for 3 seats, then 422 LABORATORY_REQUIRED in Portuguese and nothing is created', async () => {
    const member = await createActor(t);
    const before = await snapshotData(t.db);
    const result = await t.call('POST', '/v1/subscriptions', {
      token: member.token,
      body: { planId: t.plans.mensal._id, paymentMethod: 'PIX', seats: 3 },
    });
    expectErrorShape(result, 422);
    expect(result.body).toMatchObject({
      code: 'LABORATORY_REQUIRED',
      message: 'Para comprar mais de um assento, cadastre o laboratório com um CNPJ válido em Meu laboratório.',
    });
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When seats is 0, 101, fractional or a string, then 400 and nothing is created', async () => {
    const member = await createActor(t);
    await giveLaboratory(t, member);
    const before = await snapshotData(t.db);
    for (const seats of [0, 101, 2.5, '3', -1]) {
      const result = await t.call('POST', '/v1/subscriptions', {
        token: member.token,
        body: { planId: t.plans.mensal._id, paymentMethod: 'PIX', seats },
      });
      expectErrorShape(result, 400);
    }
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When a lab manager buys Mensal for 3 seats, then the first invoice is 3 × the price, the account and the MANAGER seat exist, and the profile shows the team', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { manager, subscriptionId } = await labManager(t, t.plans.mensal, 3, { pay: false });

    const sub = await t.call('GET', `/v1/subscriptions/${subscriptionId}`, { token: manager.token });
    expect(sub.body).toMatchObject({ seats: 3, status: 'PENDING' });
    const invoices = await t.call('GET', `/v1/subscriptions/${subscriptionId}/invoices`, { token: manager.token });
    expect(invoices.body.data).toEqual([expect.objectContaining({ kind: 'FIRST', amountCents: 3 * t.plans.mensal.priceCents, seats: 3 })]);
    expect(invoices.body.data[0].description).toContain('3 assentos');

    const account = await accountOf(manager.id);
    expect(account).toMatchObject({ name: 'Laboratório Análises Vida', cnpj: '11222333000181', seats: 3, seatsUsed: 1 });
    expect(account!.subscriptionId.toHexString()).toBe(subscriptionId);
    const seats = await t.db.collection<SeatDocument>(COLLECTIONS.seats).find({ accountId: account!._id }).toArray();
    expect(seats).toEqual([expect.objectContaining({ role: 'MANAGER', status: 'ACTIVE', email: manager.account.email })]);

    const profile = await t.call('GET', `/v1/users/provider/${manager.account.uid}`, { token: manager.token });
    expect(profile.body.team).toEqual({ accountId: account!._id.toHexString(), role: 'MANAGER', laboratoryName: 'Laboratório Análises Vida' });
    expect(profile.body.hasActiveSubscription).toBe(false);

    // Paid: the PIX charges 3 × the price; the wallet gets the plan's credits × 3.
    const paid = await payOpenInvoice(t, manager, subscriptionId);
    expect(paid.amountCents).toBe(3 * t.plans.mensal.priceCents);
    expect((await userDoc(t, manager.id)).credits.balance).toBe(3 * t.plans.mensal.creditsPerCycle);

    // The next cycle is also 3 × the price, and pays 3 × the credits.
    t.clock.advanceDays(26);
    await t.app.reconciliation.run();
    const renewal = (await t.call('GET', `/v1/subscriptions/${subscriptionId}/invoices`, { token: manager.token })).body.data[0];
    expect(renewal).toMatchObject({ kind: 'RENEWAL', status: 'PENDING', amountCents: 3 * t.plans.mensal.priceCents, seats: 3 });
    await payOpenInvoice(t, manager, subscriptionId);
    expect((await userDoc(t, manager.id)).credits.balance).toBe(6 * t.plans.mensal.creditsPerCycle);
  });

  test('When a member checks out without seats, then the subscription has 1 seat and no laboratory account', async () => {
    const member = await createActor(t);
    await giveLaboratory(t, member);
    const sub = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    expect(sub.status).toBe(201);
    expect(sub.body.seats).toBe(1);
    expect(await accountOf(member.id)).toBeNull();
    const profile = await t.call('GET', `/v1/users/${member.id}`, { token: member.token });
    expect(profile.body.team).toBeNull();
  });
});
