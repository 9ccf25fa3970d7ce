import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import type { LaboratoryAccountDocument } from '../../src/modules/team/documents';
import { createActor, snapshotData } from '../helpers/app';
import { expectInvariants, startBillingApp, userDoc, type BillingTestApp } from '../helpers/billing';
import { expectErrorShape } from '../helpers/http';
import { addTechnician, giveLaboratory, labManager, payOpenInvoice } from '../helpers/team';

/** Plan preview / change with seats (issue 16): more seats prorated like an upgrade, fewer never below the seats in use. */
let t: BillingTestApp;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
});

afterAll(async () => {
  await t.close();
});

const accountOf = (managerId: string) =>
  t.db.collection<LaboratoryAccountDocument>(COLLECTIONS.laboratoryAccounts).findOne({ managerId: new ObjectId(managerId) });

describe('Changing seats', () => {
  test('When a lab adds 2 seats mid-cycle, then the preview charges 5 × the price minus the unused time, the confirmation charges the same, and paying opens the seats and the credits', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { manager, subscriptionId } = await labManager(t, t.plans.mensal, 3);
    t.clock.set('2026-03-20T12:00:00.000Z');
    const { externalPlanId, priceCents, creditsPerCycle } = t.plans.mensal;

    const preview = await t.call('GET', `/v1/subscriptions/${subscriptionId}/plan-preview`, { token: manager.token, query: { externalPlanId, seats: 5 } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ kind: 'UPGRADE', fromSeats: 3, toSeats: 5, effectiveAt: null, invoiceId: null });
    // Credit for the 3 seats' unused days (about two thirds of the month), at most what they cost.
    expect(preview.body.creditCents).toBeGreaterThan(0.6 * 3 * priceCents);
    expect(preview.body.creditCents).toBeLessThan(0.7 * 3 * priceCents);
    expect(preview.body.amountCents).toBe(5 * priceCents - preview.body.creditCents);
    expect(preview.body.message).toContain('plano Mensal com 5 assentos');

    const confirmed = await t.call('PATCH', `/v1/subscriptions/${subscriptionId}/plan`, { token: manager.token, body: { externalPlanId, seats: 5 } });
    expect(confirmed.status).toBe(200);
    const { invoiceId: _none, ...shown } = preview.body;
    const { invoiceId: _id, ...charged } = confirmed.body.change;
    expect(charged).toEqual(shown);
    expect(confirmed.body.subscription).toMatchObject({ seats: 3, pendingPlanChange: { kind: 'UPGRADE', seats: 5 } });
    expect((await accountOf(manager.id))!.seats).toBe(3);

    const paid = await payOpenInvoice(t, manager, subscriptionId);
    expect(paid.amountCents).toBe(preview.body.amountCents);
    const sub = await t.call('GET', `/v1/subscriptions/${subscriptionId}`, { token: manager.token });
    expect(sub.body).toMatchObject({ seats: 5, pendingPlanChange: null });
    expect((await accountOf(manager.id))!.seats).toBe(5);
    expect((await userDoc(t, manager.id)).credits.balance).toBe(preview.body.creditsAfter);
    expect(preview.body.creditsAfter).toBeGreaterThanOrEqual(5 * creditsPerCycle);
    await expectInvariants(t, 'mais assentos');
  });

  test('When a lab asks for fewer seats than are in use, then 409 SEATS_IN_USE for the preview and the change, and nothing changes', async () => {
    const { manager, subscriptionId } = await labManager(t, t.plans.mensal, 3);
    await addTechnician(t, manager);
    await addTechnician(t, manager);
    const { externalPlanId } = t.plans.mensal;
    const before = await snapshotData(t.db);
    const preview = await t.call('GET', `/v1/subscriptions/${subscriptionId}/plan-preview`, { token: manager.token, query: { externalPlanId, seats: 2 } });
    const change = await t.call('PATCH', `/v1/subscriptions/${subscriptionId}/plan`, { token: manager.token, body: { externalPlanId, seats: 2 } });
    for (const result of [preview, change]) {
      expectErrorShape(result, 409);
      expect(result.body).toMatchObject({ code: 'SEATS_IN_USE', message: 'Remova pessoas da equipe antes de reduzir para 2 assentos.' });
    }
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When a lab gives up a free seat, then nothing is charged now, the seat cannot be filled meanwhile, and the renewal charges the new number', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const { manager, subscriptionId } = await labManager(t, t.plans.mensal, 3);
    await addTechnician(t, manager);
    const { externalPlanId, priceCents } = t.plans.mensal;
    const change = await t.call('PATCH', `/v1/subscriptions/${subscriptionId}/plan`, { token: manager.token, body: { externalPlanId, seats: 2 } });
    expect(change.status).toBe(200);
    expect(change.body.change).toMatchObject({ kind: 'DOWNGRADE', fromSeats: 3, toSeats: 2, amountCents: 2 * priceCents });
    expect((await accountOf(manager.id))!.seats).toBe(2);
    const full = await t.call('POST', '/v1/team/invitations', { token: manager.token, body: { email: 'mais-uma@exemplo.com.br' } });
    expect(full.body.code).toBe('SEATS_FULL');

    t.clock.set('2026-04-05T12:00:00.000Z');
    await t.app.reconciliation.run();
    const renewal = (await t.call('GET', `/v1/subscriptions/${subscriptionId}/invoices`, { token: manager.token })).body.data[0];
    expect(renewal).toMatchObject({ kind: 'RENEWAL', amountCents: 2 * priceCents, seats: 2 });
    await payOpenInvoice(t, manager, subscriptionId);
    t.clock.set('2026-04-11T12:00:00.000Z');
    await t.app.reconciliation.run();
    expect((await t.call('GET', `/v1/subscriptions/${subscriptionId}`, { token: manager.token })).body).toMatchObject({ seats: 2, pendingPlanChange: null });
    await expectInvariants(t, 'menos assentos');
  });

  test('When a single member goes from 1 to 3 seats, then a laboratory is required, and once paid the account exists with them as manager', async () => {
    // (the clock stays where the previous test left it: the invariants look at every subscription)
    const member = await createActor(t);
    const sub = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    await payOpenInvoice(t, member, sub.body._id);
    const { externalPlanId } = t.plans.mensal;

    const refused = await t.call('PATCH', `/v1/subscriptions/${sub.body._id}/plan`, { token: member.token, body: { externalPlanId, seats: 3 } });
    expectErrorShape(refused, 422);
    expect(refused.body.code).toBe('LABORATORY_REQUIRED');

    await giveLaboratory(t, member);
    const upgrade = await t.call('PATCH', `/v1/subscriptions/${sub.body._id}/plan`, { token: member.token, body: { externalPlanId, seats: 3 } });
    expect(upgrade.body.change).toMatchObject({ kind: 'UPGRADE', fromSeats: 1, toSeats: 3 });
    expect(await accountOf(member.id)).toBeNull();
    await payOpenInvoice(t, member, sub.body._id);
    expect(await accountOf(member.id)).toMatchObject({ seats: 3, seatsUsed: 1 });
    const team = await t.call('GET', '/v1/team', { token: member.token });
    expect(team.status).toBe(200);
    expect(team.body.members).toEqual([expect.objectContaining({ userId: member.id, role: 'MANAGER' })]);
    await expectInvariants(t, 'de 1 para 3 assentos');
  });
});
