import { createActor, createActors, type Actors, type TestActor } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { startBillingApp, userDoc, type BillingTestApp, type PlanView } from '../helpers/billing';

let t: BillingTestApp;
let actors: Actors;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  actors = await createActors(t);
});

afterAll(async () => {
  await t.close();
});

async function subscribe(member: TestActor, plan: PlanView) {
  const result = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: plan._id, paymentMethod: 'PIX' } });
  expect(result.status).toBe(201);
  return result.body;
}

describe('Admin status override (PATCH /subscriptions/status)', () => {
  test('When an admin pauses, activates and cancels, then the profile follows each change and open invoices are settled', async () => {
    const member = await createActor(t);
    const sub = await subscribe(member, t.plans.mensal);
    const admin = actors.admin.token;
    const patch = (status: string) => t.call('PATCH', '/v1/subscriptions/status', { token: admin, body: { subscriptionId: sub._id, status } });

    // PENDING → ACTIVE by decision of an admin: the first invoice is waived, a period starts now, no credits.
    const active = await patch('ACTIVE');
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ status: 'ACTIVE', startDate: '2026-03-10T12:00:00.000Z', endDate: '2026-04-10T12:00:00.000Z' });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: true, credits: { balance: 0 } });
    const invoices = await t.call('GET', `/v1/subscriptions/${sub._id}/invoices`, { token: admin });
    // The waived first invoice is canceled; the period granted is recorded as a GRANT (R$ 0, no credits).
    expect(invoices.body.data.map((invoice: { kind: string; status: string }) => `${invoice.kind}:${invoice.status}`).sort()).toEqual([
      'FIRST:CANCELED',
      'GRANT:PAID',
    ]);
    expect(invoices.body.data.find((invoice: { kind: string }) => invoice.kind === 'GRANT')).toMatchObject({
      amountCents: 0,
      creditsGranted: 0,
      periodStart: '2026-03-10T12:00:00.000Z',
      periodEnd: '2026-04-10T12:00:00.000Z',
    });

    const paused = await patch('PAUSED');
    expect(paused.body).toMatchObject({ status: 'PAUSED', hasAccess: false, endDate: '2026-04-10T12:00:00.000Z' });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: false });

    const same = await patch('PAUSED');
    expectErrorShape(same, 409);
    expect(same.body.message).toBe('A assinatura já está pausada.');

    expect((await patch('ACTIVE')).body).toMatchObject({ status: 'ACTIVE', endDate: '2026-04-10T12:00:00.000Z' });
    const canceled = await patch('CANCELED');
    expect(canceled.body).toMatchObject({ status: 'CANCELED', canceledAt: '2026-03-10T12:00:00.000Z' });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: false });

    const pending = await patch('PENDING');
    expectErrorShape(pending, 400);
    const missing = await t.call('PATCH', '/v1/subscriptions/status', { token: admin, body: { subscriptionId: 'b'.repeat(24), status: 'ACTIVE' } });
    expectErrorShape(missing, 404);
    expect(missing.body.message).toBe('Assinatura não encontrada.');
  });

  test('When an admin reopens a canceled subscription of a member who already has another open one, then 409', async () => {
    const member = await createActor(t);
    const first = await subscribe(member, t.plans.mensal);
    await t.call('PATCH', `/v1/subscriptions/cancel/${first._id}`, { token: member.token });
    await subscribe(member, t.plans.anual);
    const reopened = await t.call('PATCH', '/v1/subscriptions/status', { token: actors.admin.token, body: { subscriptionId: first._id, status: 'ACTIVE' } });
    expectErrorShape(reopened, 409);
    expect(reopened.body.code).toBe('SUBSCRIPTION_ALREADY_OPEN');
  });
});

describe('GET /subscriptions/paginated', () => {
  test('When an admin lists with and without filters, then defaults are page 1 / limit 10, newest first, and filters narrow', async () => {
    const fresh = await startBillingApp('2026-03-10T12:00:00.000Z');
    try {
      const admin = await createActor(fresh, 'ADMIN');
      const members = await Promise.all(Array.from({ length: 4 }, () => createActor(fresh)));
      const created: { _id: string; planId: string; userId: string }[] = [];
      for (const [index, member] of members.entries()) {
        for (const plan of index % 2 ? [fresh.plans.anual] : [fresh.plans.mensal, fresh.plans.trimestral]) {
          fresh.clock.advanceDays(1);
          const result = await fresh.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: plan._id, paymentMethod: 'PIX' } });
          expect(result.status).toBe(201);
          created.push(result.body);
          // One open subscription per member: cancel to make room for the next one.
          if (index % 2 === 0 && plan === fresh.plans.mensal) {
            await fresh.call('PATCH', `/v1/subscriptions/cancel/${result.body._id}`, { token: member.token });
          }
        }
      }
      const newestFirst = [...created].reverse().map((sub) => sub._id);
      const token = admin.token;

      const all = await fresh.call('GET', '/v1/subscriptions/paginated', { token });
      expect(all.status).toBe(200);
      expect(all.body.meta).toEqual({ page: 1, limit: 10, total: 6, totalPages: 1 });
      expect(all.body.data.map((sub: { _id: string }) => sub._id)).toEqual(newestFirst);

      const paged = await fresh.call('GET', '/v1/subscriptions/paginated', { token, query: { page: 2, limit: 4 } });
      expect(paged.body.meta).toEqual({ page: 2, limit: 4, total: 6, totalPages: 2 });
      expect(paged.body.data.map((sub: { _id: string }) => sub._id)).toEqual(newestFirst.slice(4));

      const byPlan = await fresh.call('GET', '/v1/subscriptions/paginated', { token, query: { planId: fresh.plans.anual._id } });
      expect(byPlan.body.meta.total).toBe(2);
      expect(byPlan.body.data.every((sub: { plan: { name: string } }) => sub.plan.name === 'Anual')).toBe(true);

      const byUser = await fresh.call('GET', '/v1/subscriptions/paginated', { token, query: { userId: members[0]!.id } });
      expect(byUser.body.data.map((sub: { plan: { name: string } }) => sub.plan.name)).toEqual(['Trimestral', 'Mensal']);

      const both = await fresh.call('GET', '/v1/subscriptions/paginated', { token, query: { userId: members[0]!.id, planId: fresh.plans.mensal._id } });
      expect(both.body.data).toHaveLength(1);
      expect(both.body.data[0]).toMatchObject({ status: 'CANCELED', plan: { name: 'Mensal' } });

      const canceled = await fresh.call('GET', '/v1/subscriptions/paginated', { token, query: { status: 'CANCELED' } });
      expect(canceled.body.meta.total).toBe(2);

      const nobody = await fresh.call('GET', '/v1/subscriptions/paginated', { token, query: { userId: 'c'.repeat(24) } });
      expect(nobody.body).toEqual({ data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 0 } });

      for (const query of [{ limit: 0 }, { limit: 101 }, { page: 0 }, { planId: 'x' }, { status: 'ATIVA' }] as Record<string, string | number>[]) {
        expectErrorShape(await fresh.call('GET', '/v1/subscriptions/paginated', { token, query }), 400);
      }

      const mine = await fresh.call('GET', `/v1/subscriptions/user/${members[0]!.id}`, { token: members[0]!.token });
      expect(mine.body.meta).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
      expect(mine.body.data.map((sub: { plan: { name: string } }) => sub.plan.name)).toEqual(['Trimestral', 'Mensal']);
    } finally {
      await fresh.close();
    }
  });
});

describe('The admin\'s allowed status changes come from the lifecycle (GET /subscriptions/paginated)', () => {
  type State = 'PENDING' | 'ACTIVE' | 'CANCEL_REQUESTED' | 'PAUSED' | 'CANCELED';
  const EXPECTED: Record<State, string[]> = {
    PENDING: ['ACTIVE', 'PAUSED', 'CANCELED'],
    ACTIVE: ['PAUSED', 'CANCELED'],
    CANCEL_REQUESTED: ['PAUSED', 'CANCELED'],
    PAUSED: ['ACTIVE', 'CANCELED'],
    CANCELED: ['ACTIVE', 'PAUSED'],
  };
  const setStatus = (subscriptionId: string, status: string) =>
    t.call('PATCH', '/v1/subscriptions/status', { token: actors.admin.token, body: { subscriptionId, status } });

  /** A new member's subscription, brought to `state` the way the product gets there. */
  async function subscriptionIn(state: State): Promise<{ id: string; member: TestActor }> {
    const member = await createActor(t);
    const { _id: id } = await subscribe(member, t.plans.mensal);
    if (state === 'ACTIVE' || state === 'CANCEL_REQUESTED' || state === 'PAUSED') expect((await setStatus(id, 'ACTIVE')).status).toBe(200);
    if (state === 'PAUSED') expect((await setStatus(id, 'PAUSED')).status).toBe(200);
    if (state === 'CANCELED') expect((await setStatus(id, 'CANCELED')).status).toBe(200);
    if (state === 'CANCEL_REQUESTED') {
      const requested = await t.call('POST', `/v1/subscriptions/cancelRequest/${id}`, { token: member.token, body: { reason: 'Preço' } });
      expect(requested.status).toBe(200);
    }
    return { id, member };
  }

  test.each(Object.keys(EXPECTED) as State[])(
    'When a subscription is %s, then the list offers exactly the changes the API then accepts, and refuses the others with 409',
    async (state) => {
      const { id, member } = await subscriptionIn(state);
      const listed = await t.call('GET', `/v1/subscriptions/paginated?userId=${member.id}`, { token: actors.admin.token });
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((row: { _id: string; allowedStatusChanges: string[] }) => [row._id, row.allowedStatusChanges])).toEqual([
        [id, EXPECTED[state]],
      ]);
      for (const status of ['ACTIVE', 'PAUSED', 'CANCELED']) {
        const fresh = await subscriptionIn(state);
        const answer = await setStatus(fresh.id, status);
        expect({ status, code: answer.status }).toEqual({ status, code: EXPECTED[state].includes(status) ? 200 : 409 });
      }
    },
  );
});
