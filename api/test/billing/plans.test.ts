import SwaggerParser from '@apidevtools/swagger-parser';
import { createActors, type Actors } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { runSeedSteps } from '../../src/seed/seed';
import { seedPlans } from '../../src/seed/plans';

let t: BillingTestApp;
let actors: Actors;

beforeAll(async () => {
  t = await startBillingApp();
  actors = await createActors(t);
});

afterAll(async () => {
  await t.close();
});

describe('Plans', () => {
  test('When anyone lists plans, then the seeded Mensal, Trimestral and Anual come in order with BRL prices and one highlight', async () => {
    const result = await t.call('GET', '/v1/plans');
    expect(result.status).toBe(200);
    expect(result.body.data.map((plan: { name: string; priceCents: number; interval: string }) => [plan.name, plan.priceCents, plan.interval])).toEqual([
      ['Mensal', 8990, 'MONTHLY'],
      ['Trimestral', 23990, 'QUARTERLY'],
      ['Anual', 86280, 'YEARLY'],
    ]);
    expect(result.body.data.filter((plan: { highlight: boolean }) => plan.highlight).map((plan: { name: string }) => plan.name)).toEqual(['Trimestral']);
    for (const plan of result.body.data) {
      expect(plan.features.length).toBeGreaterThan(0);
      expect(plan.creditsPerCycle).toBeGreaterThan(0);
    }
    // Seeding again changes nothing.
    expect(await seedPlans(t.app)).toEqual({ plansCreated: 0 });
  });

  test('When an admin edits the presentation, then it changes; price and externalPlanId cannot be sent', async () => {
    const admin = actors.admin.token;
    const id = t.plans.anual._id;
    const edited = await t.call('PATCH', `/v1/plans/${id}`, {
      token: admin,
      body: { name: ' Anual Plus ', features: ['Tudo do trimestral', ' 60 créditos '], creditsPerCycle: 70, highlight: true, order: 0 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Anual Plus', features: ['Tudo do trimestral', '60 créditos'], creditsPerCycle: 70, highlight: true, priceCents: 86280 });
    // One highlighted plan at a time, and `order` drives the list.
    const list = (await t.call('GET', '/v1/plans')).body.data;
    expect(list.map((plan: { name: string }) => plan.name)).toEqual(['Anual Plus', 'Mensal', 'Trimestral']);
    expect(list.filter((plan: { highlight: boolean }) => plan.highlight)).toHaveLength(1);

    for (const body of [{ priceCents: 1 }, { externalPlanId: 'x' }, { interval: 'MONTHLY' }, {}, { creditsPerCycle: -1 }, { name: '' }]) {
      expectErrorShape(await t.call('PATCH', `/v1/plans/${id}`, { token: admin, body }), 400);
    }
    expectErrorShape(await t.call('PATCH', `/v1/plans/${'e'.repeat(24)}`, { token: admin, body: { order: 1 } }), 404);
  });

  test('When an admin deactivates a plan, then the public list hides it, the admin list and GET by id still show it', async () => {
    const id = t.plans.mensal._id;
    await t.call('PATCH', `/v1/plans/${id}`, { token: actors.admin.token, body: { active: false } });
    const publicList = (await t.call('GET', '/v1/plans')).body.data;
    expect(publicList.map((plan: { _id: string }) => plan._id)).not.toContain(id);
    const all = (await t.call('GET', '/v1/plans/all', { token: actors.admin.token })).body.data;
    expect(all.find((plan: { _id: string }) => plan._id === id)).toMatchObject({ active: false });
    expect((await t.call('GET', `/v1/plans/${id}`)).body).toMatchObject({ active: false, name: 'Mensal' });
    expectErrorShape(await t.call('GET', `/v1/plans/${'f'.repeat(24)}`), 404);
  });

  test('When the OpenAPI document is fetched, then every plan, subscription, webhook and sandbox route is listed and valid', async () => {
    const document = (await t.call('GET', '/v1/docs/json')).body;
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
    const paths = Object.keys(document.paths).map((path) => path.replace(/\/$/, ''));
    for (const path of [
      '/v1/plans',
      '/v1/plans/all',
      '/v1/plans/{id}',
      '/v1/subscriptions',
      '/v1/subscriptions/paginated',
      '/v1/subscriptions/user/{userId}',
      '/v1/subscriptions/{id}',
      '/v1/subscriptions/{id}/pixQRCode',
      '/v1/subscriptions/{id}/invoices',
      '/v1/subscriptions/{id}/payment-status',
      '/v1/subscriptions/{id}/plan-preview',
      '/v1/subscriptions/status',
      '/v1/subscriptions/{subscriptionId}/plan',
      '/v1/subscriptions/cancelRequest/{id}',
      '/v1/subscriptions/cancel/{id}',
      '/v1/subscriptions/reactivate/{id}',
      '/v1/webhooks/pix-api/{segment}/pix',
      '/v1/sandbox/invoices/{invoiceId}/pay',
    ]) {
      expect(paths).toContain(path);
    }
    // The HMAC-signed "invoice.paid" webhook is gone: a payment is only ever confirmed by reading the charge back at the PSP.
    expect(paths).not.toContain('/v1/webhooks/payments');
    expect(document.paths['/v1/subscriptions/{subscriptionId}/plan'].patch.responses['409']).toBeDefined();
    expect(Object.keys(document.paths['/v1/subscriptions/{id}/plan-preview'].get.responses).sort()).toEqual(
      ['200', '400', '401', '403', '404', '409', '413', '415', '422', '429', '500'].sort(),
    );
    expect(document.paths['/v1/subscriptions/{id}/payment-status'].get.responses['429']).toBeDefined();
  });

  test('When the demo seed runs, then the demo member holds a paid quarterly subscription with its credits, once', async () => {
    await runSeedSteps(t.app);
    await runSeedSteps(t.app);
    const member = (await t.app.usersRepository.findByEmail('membro@clube.local'))!;
    expect(member).toMatchObject({ hasActiveSubscription: true, credits: { balance: 12 } });
    const subs = await t.app.subscriptionsRepository.list({ page: 1, limit: 10, userId: member._id.toHexString() });
    expect(subs.data.map((sub) => sub.status)).toEqual(['ACTIVE']);
  });
});
