import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import { createActor, type TestActor } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { expectErrorShape } from '../helpers/http';

/**
 * A seeded history with hand-computed answers (the expectations below are written out, not
 * derived from the code under test). "Now" is 15/06/2026 12:00 UTC, so the default window is
 * [16/05/2026 12:00 UTC, 15/06/2026 12:00 UTC).
 */
const NOW = '2026-06-15T12:00:00.000Z';
const d = (iso: string) => new Date(iso);

let t: BillingTestApp;
let admin: TestActor;
let member: TestActor;
const video = { v1: new ObjectId(), v2: new ObjectId(), v3: new ObjectId() };

beforeAll(async () => {
  t = await startBillingApp(NOW);
  [admin, member] = await Promise.all([createActor(t, 'ADMIN'), createActor(t)]);
  const plan = {
    mensal: new ObjectId(t.plans.mensal._id),
    trimestral: new ObjectId(t.plans.trimestral._id),
    anual: new ObjectId(t.plans.anual._id),
  };

  const subscription = (
    name: string,
    planId: ObjectId,
    status: string,
    startDate: string | null,
    canceledAt: string | null,
    cancelRequest: { reason: string; requestedAt: string } | null = null,
  ) => ({
    _id: new ObjectId(),
    userId: new ObjectId(),
    planId,
    externalPlanId: name,
    externalId: `sub_${name}`,
    externalCustomerId: `cus_${name}`,
    paymentMethod: 'PIX',
    status,
    isOpen: status !== 'CANCELED',
    startDate: startDate ? d(startDate) : null,
    currentPeriodStart: startDate ? d(startDate) : null,
    endDate: null,
    cancelRequest: cancelRequest ? { reason: cancelRequest.reason, comment: null, requestedAt: d(cancelRequest.requestedAt) } : null,
    canceledAt: canceledAt ? d(canceledAt) : null,
    pendingPlanChange: null,
    createdAt: d(startDate ?? '2026-06-01T00:00:00.000Z'),
    updatedAt: d(NOW),
  });
  let recurrences = 0;
  const pixAutomatic = (status: 'APROVADA' | 'CANCELADA') => ({
    idRec: `RR9999999920260101${String((recurrences += 1)).padStart(11, '0')}`,
    status,
    debtor: { document: '52998224725', name: 'Pagador' },
    amountCents: 8990,
    createdAt: d('2026-01-10T12:00:00.000Z'),
    updatedAt: d('2026-01-10T12:00:00.000Z'),
    endedReason: status === 'CANCELADA' ? 'O Pix Automático foi cancelado junto com a assinatura.' : null,
  });
  await t.db.collection(COLLECTIONS.subscriptions).insertMany([
    // S1 active since January, its renewals debited by Pix Automático
    { ...subscription('s1', plan.mensal, 'ACTIVE', '2026-01-10T12:00:00.000Z', null), pixAutomatic: pixAutomatic('APROVADA') },
    // S2 active, started inside the window (new)
    subscription('s2', plan.trimestral, 'ACTIVE', '2026-05-20T12:00:00.000Z', null),
    // S3 active, asked to cancel inside the window (reason counted, still active)
    subscription('s3', plan.anual, 'ACTIVE', '2026-03-01T12:00:00.000Z', null, { reason: 'Preço', requestedAt: '2026-06-01T12:00:00.000Z' }),
    // S4 canceled inside the window, after a request inside it
    {
      ...subscription('s4', plan.mensal, 'CANCELED', '2026-02-01T12:00:00.000Z', '2026-05-25T12:00:00.000Z', {
        reason: 'Preço',
        requestedAt: '2026-05-18T12:00:00.000Z',
      }),
      pixAutomatic: pixAutomatic('CANCELADA'),
    },
    // S5 canceled inside the window
    subscription('s5', plan.trimestral, 'CANCELED', '2026-04-01T12:00:00.000Z', '2026-06-10T12:00:00.000Z', {
      reason: 'Pouco conteúdo',
      requestedAt: '2026-05-20T12:00:00.000Z',
    }),
    // S6 a checkout that expired unpaid: not a cancellation of a subscriber
    subscription('s6', plan.mensal, 'CANCELED', null, '2026-06-05T12:00:00.000Z'),
    // S7 canceled before the window (request before it too)
    subscription('s7', plan.mensal, 'CANCELED', '2025-12-01T12:00:00.000Z', '2026-04-01T12:00:00.000Z', {
      reason: 'Mudança de laboratório',
      requestedAt: '2026-03-20T12:00:00.000Z',
    }),
    // S8 paused (overdue): subscriber at the window's start, not active now
    subscription('s8', plan.mensal, 'PAUSED', '2026-02-15T12:00:00.000Z', null),
    // S9 awaiting its first payment
    subscription('s9', plan.mensal, 'PENDING', null, null),
  ]);

  const invoice = (amountCents: number, status: string, paidAt: string | null) => ({
    _id: new ObjectId(),
    subscriptionId: new ObjectId(),
    userId: new ObjectId(),
    planId: plan.mensal,
    kind: 'RENEWAL',
    cycleKey: new ObjectId().toHexString(),
    amountCents,
    description: 'Fatura',
    dueDate: d('2026-06-01T00:00:00.000Z'),
    status,
    paidAt: paidAt ? d(paidAt) : null,
    periodStart: null,
    periodEnd: null,
    externalId: `ch_${new ObjectId().toHexString()}`,
    pix: null,
    creditsGranted: 0,
    createdAt: d('2026-01-01T00:00:00.000Z'),
    updatedAt: d('2026-01-01T00:00:00.000Z'),
  });
  await t.db.collection(COLLECTIONS.invoices).insertMany([
    invoice(8990, 'PAID', '2026-06-01T10:00:00.000Z'),
    invoice(23990, 'PAID', '2026-05-20T12:00:00.000Z'),
    // 02:00 UTC on 1 May is still 30 April in São Paulo (UTC−3): April's revenue
    invoice(8990, 'PAID', '2026-05-01T02:00:00.000Z'),
    invoice(86280, 'PAID', '2026-03-01T12:00:00.000Z'),
    // June 2025: thirteen months back, outside the chart
    invoice(8990, 'PAID', '2025-06-30T12:00:00.000Z'),
    invoice(8990, 'PENDING', null),
    invoice(8990, 'CANCELED', null),
  ]);

  const unlock = (credits: number, createdAt: string, settled = true) => ({
    _id: new ObjectId(),
    userId: new ObjectId(),
    itemType: 'CONTENT',
    itemId: new ObjectId(),
    credits,
    settled,
    createdAt: d(createdAt),
  });
  await t.db.collection(COLLECTIONS.unlocks).insertMany([
    unlock(2, '2026-06-01T12:00:00.000Z'),
    unlock(3, '2026-05-20T12:00:00.000Z'),
    unlock(5, '2026-05-01T12:00:00.000Z'), // before the window
    unlock(4, '2026-06-02T12:00:00.000Z', false), // never settled (a failed unlock)
  ]);

  const videoDoc = (_id: ObjectId, title: string) => ({
    _id,
    title,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    categoryId: new ObjectId(),
    access: 'FREE',
    creditCost: 0,
    status: 'PUBLISHED',
    publishedAt: d('2026-01-01T00:00:00.000Z'),
    description: 'Vídeo de teste.',
    source: { kind: 'youtube', url: 'https://www.youtube.com/watch?v=abc' },
    durationSeconds: 600,
    thumbnailUrl: null,
    createdAt: d('2026-01-01T00:00:00.000Z'),
    updatedAt: d('2026-01-01T00:00:00.000Z'),
  });
  await t.db.collection(COLLECTIONS.videos).insertMany([
    videoDoc(video.v1, 'Coleta segura'),
    videoDoc(video.v2, 'Controle de qualidade'),
    videoDoc(video.v3, 'Biossegurança'),
  ]);
  const [u1, u2, u3, u4] = [new ObjectId(), new ObjectId(), new ObjectId(), new ObjectId()];
  const progress = (userId: ObjectId, videoId: ObjectId, watchedSeconds: number, finishedAt: string | null) => ({
    _id: new ObjectId(),
    userId,
    videoId,
    watchedSeconds,
    finishedAt: finishedAt ? d(finishedAt) : null,
  });
  await t.db.collection(COLLECTIONS.videoProgress).insertMany([
    progress(u1, video.v1, 100, '2026-06-01T12:00:00.000Z'),
    progress(u2, video.v1, 50, null),
    progress(u3, video.v1, 10, null),
    progress(u1, video.v2, 300, '2026-06-02T12:00:00.000Z'),
    progress(u2, video.v2, 300, '2026-06-03T12:00:00.000Z'),
    progress(u1, video.v3, 0, null), // opened, never played
    progress(u4, video.v3, 20, '2026-04-01T12:00:00.000Z'), // finished before the window
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('GET /v1/admin/metrics', () => {
  test('When the admin opens the dashboard, then every figure of the last 30 days matches the hand-computed history', async () => {
    const result = await t.call('GET', '/v1/admin/metrics', { token: admin.token });
    expect(result.status).toBe(200);
    const months = ['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];
    const revenue: Record<string, [number, number]> = { '2026-03': [86280, 1], '2026-04': [8990, 1], '2026-05': [23990, 1], '2026-06': [8990, 1] };
    expect(result.body).toEqual({
      window: { from: '2026-05-16T12:00:00.000Z', to: NOW },
      activeSubscribers: 3,
      pixAutomaticSubscribers: 1,
      // 8990 (Mensal) + 23990 / 3 (Trimestral) + 86280 / 12 (Anual) = 8990 + 7996.67 + 7190 = 24176.67
      mrrCents: 24177,
      newSubscriptions: 1,
      canceledSubscriptions: 2,
      // S1, S3, S4, S5, S8
      activeAtWindowStart: 5,
      churnRate: 0.4,
      revenueByMonth: months.map((month) => ({ month, amountCents: revenue[month]?.[0] ?? 0, invoices: revenue[month]?.[1] ?? 0 })),
      cancelReasons: [
        { reason: 'Preço', count: 2 },
        { reason: 'Pouco conteúdo', count: 1 },
      ],
      mostWatchedVideos: [
        { videoId: video.v1.toHexString(), title: 'Coleta segura', slug: 'coleta-segura', count: 3, watchedSeconds: 160 },
        { videoId: video.v2.toHexString(), title: 'Controle de qualidade', slug: 'controle-de-qualidade', count: 2, watchedSeconds: 600 },
        { videoId: video.v3.toHexString(), title: 'Biossegurança', slug: 'biossegurança', count: 1, watchedSeconds: 20 },
      ],
      mostFinishedVideos: [
        { videoId: video.v2.toHexString(), title: 'Controle de qualidade', slug: 'controle-de-qualidade', count: 2, watchedSeconds: 600 },
        { videoId: video.v1.toHexString(), title: 'Coleta segura', slug: 'coleta-segura', count: 1, watchedSeconds: 100 },
      ],
      creditsSpent: { credits: 5, unlocks: 2 },
    });
  });

  test('When the admin asks for January 2026, then only that window counts (new, churn base, reasons, credits)', async () => {
    const result = await t.call('GET', '/v1/admin/metrics', {
      token: admin.token,
      query: { from: '2026-01-01T03:00:00.000Z', to: '2026-02-01T03:00:00.000Z' },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      window: { from: '2026-01-01T03:00:00.000Z', to: '2026-02-01T03:00:00.000Z' },
      // "now" figures do not depend on the window
      activeSubscribers: 3,
      mrrCents: 24177,
      newSubscriptions: 1, // S1 (10/01)
      canceledSubscriptions: 0,
      activeAtWindowStart: 1, // S7, paying since December
      churnRate: 0,
      cancelReasons: [],
      mostFinishedVideos: [],
      creditsSpent: { credits: 0, unlocks: 0 },
    });
    // twelve months ending in January 2026: March's annual payment is not in them
    expect(result.body.revenueByMonth.at(-1)).toEqual({ month: '2026-01', amountCents: 0, invoices: 0 });
    expect(result.body.revenueByMonth[0]).toEqual({ month: '2025-02', amountCents: 0, invoices: 0 });
  });

  test('When the window is empty of subscribers at its start, then the churn rate is null, not a division by zero', async () => {
    const result = await t.call('GET', '/v1/admin/metrics', {
      token: admin.token,
      query: { from: '2020-01-01T00:00:00.000Z', to: '2020-02-01T00:00:00.000Z' },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ activeAtWindowStart: 0, canceledSubscriptions: 0, churnRate: null });
  });

  test('When the start is not before the end, then the answer is a 400 in Portuguese', async () => {
    const result = await t.call('GET', '/v1/admin/metrics', {
      token: admin.token,
      query: { from: '2026-06-01T00:00:00.000Z', to: '2026-05-01T00:00:00.000Z' },
    });
    expectErrorShape(result, 400);
    expect(result.body.message).toBe('O início do período precisa ser antes do fim.');
  });

  test('When the date is not a date, then the answer is a 400', async () => {
    const result = await t.call('GET', '/v1/admin/metrics', { token: admin.token, query: { from: 'ontem' } });
    expectErrorShape(result, 400);
  });

  test('When a member asks, then the answer is 403 and no figure is shown', async () => {
    const result = await t.call('GET', '/v1/admin/metrics', { token: member.token });
    expectErrorShape(result, 403);
  });
});

describe('Indexes behind the metrics', () => {
  // Each pipeline's first $match, as written in plugins/app/admin-metrics-repository.ts.
  const FIRST_MATCH: [string, string][] = [
    [COLLECTIONS.subscriptions, 'status'],
    [COLLECTIONS.subscriptions, 'startDate'],
    [COLLECTIONS.subscriptions, 'canceledAt'],
    [COLLECTIONS.subscriptions, 'cancelRequest.requestedAt'],
    [COLLECTIONS.invoices, 'status'],
    [COLLECTIONS.unlocks, 'createdAt'],
    [COLLECTIONS.videoProgress, 'watchedSeconds'],
    [COLLECTIONS.videoProgress, 'finishedAt'],
  ];

  test('When the metrics filter a collection, then an index starts with the field they filter on (on both stores)', async () => {
    const { MODULES } = await import('../../src/modules/modules');
    const INDEXES = MODULES.flatMap((module) => module.indexes);
    for (const [collection, field] of FIRST_MATCH) {
      const leading = INDEXES.filter((index) => index.collection === collection).map((index) => Object.keys(index.key)[0]);
      expect({ collection, field, indexed: leading.includes(field) }).toEqual({ collection, field, indexed: true });
      const created = await t.db.collection(collection).indexes();
      expect(created.some((index) => Object.keys(index.key)[0] === field)).toBe(true);
    }
  });
});

describe('Metrics against the API\'s own lists (real checkouts and payments)', () => {
  test('When members subscribe, pay, leave one unpaid and cancel one, then active subscribers and MRR equal what the lists say', async () => {
    const app = await startBillingApp('2026-04-01T12:00:00.000Z');
    try {
      const boss = await createActor(app, 'ADMIN');
      const buyers = await Promise.all([createActor(app), createActor(app), createActor(app), createActor(app), createActor(app)]);
      const checkout = async (buyer: TestActor, planId: string, pay: boolean) => {
        const created = await app.call('POST', '/v1/subscriptions', { token: buyer.token, body: { planId, paymentMethod: 'PIX' } });
        expect(created.status).toBe(201);
        if (pay) {
          const pix = await app.call('GET', `/v1/subscriptions/${created.body._id}/pixQRCode`, { token: buyer.token });
          expect((await app.call('POST', `/v1/sandbox/invoices/${pix.body.invoiceId}/pay`, { token: buyer.token })).status).toBe(200);
        }
        return created.body._id as string;
      };
      await checkout(buyers[0]!, app.plans.mensal._id, true);
      await checkout(buyers[1]!, app.plans.anual._id, true);
      await checkout(buyers[2]!, app.plans.trimestral._id, true);
      await checkout(buyers[3]!, app.plans.trimestral._id, false); // PENDING: not a subscriber
      const leaving = await checkout(buyers[4]!, app.plans.mensal._id, true);
      expect((await app.call('PATCH', `/v1/subscriptions/cancel/${leaving}`, { token: buyers[4]!.token })).status).toBe(200);

      const active = await app.call('GET', '/v1/subscriptions/paginated', { token: boss.token, query: { status: 'ACTIVE', limit: 100 } });
      const plans = await app.call('GET', '/v1/plans/all', { token: boss.token });
      const months: Record<string, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };
      const planById = new Map((plans.body.data as { _id: string; priceCents: number; interval: string }[]).map((plan) => [plan._id, plan]));
      const expectedMrr = Math.round(
        (active.body.data as { planId: string }[]).reduce((sum, row) => {
          const plan = planById.get(row.planId)!;
          return sum + plan.priceCents / months[plan.interval]!;
        }, 0),
      );

      app.clock.set('2026-04-01T12:05:00.000Z'); // the admin looks a few minutes later
      const metrics = await app.call('GET', '/v1/admin/metrics', { token: boss.token });
      expect(metrics.body.activeSubscribers).toBe(active.body.meta.total);
      expect(metrics.body.activeSubscribers).toBe(3);
      expect(metrics.body.mrrCents).toBe(expectedMrr);
      // and by hand: 8990 + 86280 / 12 + 23990 / 3 = 24176.67
      expect(metrics.body.mrrCents).toBe(24177);
      expect(metrics.body).toMatchObject({ newSubscriptions: 4, canceledSubscriptions: 1 });
      expect(metrics.body.revenueByMonth.at(-1)).toEqual({ month: '2026-04', amountCents: 8990 + 86280 + 23990 + 8990, invoices: 4 });
    } finally {
      await app.close();
    }
  });
});
