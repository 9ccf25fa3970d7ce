import { createActor, createActors, type Actors } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { startBillingApp, userDoc, type BillingTestApp } from '../helpers/billing';

let t: BillingTestApp;
let actors: Actors;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  actors = await createActors(t);
});

afterAll(async () => {
  await t.close();
});

const reconcile = () => t.app.reconciliation.run();

describe('Subscription lifecycle over HTTP', () => {
  test('When a member subscribes, pays by PIX, falls overdue, pays, asks to cancel, the period ends and reactivates, then every step holds', async () => {
    const { member } = actors;
    const token = member.token;

    // Checkout → PENDING with its first invoice; the profile points at it but grants nothing yet.
    const created = await t.call('POST', '/v1/subscriptions', { token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    expect(created.status).toBe(201);
    const sub = created.body;
    expect(sub).toMatchObject({ status: 'PENDING', hasAccess: false, paymentMethod: 'PIX', userId: member.id, endDate: null });
    expect(sub.plan).toMatchObject({ name: 'Mensal', priceCents: 8990, interval: 'MONTHLY', externalPlanId: t.plans.mensal.externalPlanId });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: false, credits: { balance: 0, used: 0 } });
    expect((await userDoc(t, member.id)).subscription?.toHexString()).toBe(sub._id);

    // PIX copy-paste payload and QR image of the open invoice, with an expiry.
    const pix = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token });
    expect(pix.status).toBe(200);
    expect(pix.body).toMatchObject({ amountCents: 8990, status: 'PENDING', dueDate: '2026-03-13T12:00:00.000Z', expiresAt: '2026-03-11T12:00:00.000Z' });
    expect(pix.body.payload).toMatch(/^000201/);
    expect(pix.body.payload).toContain('br.gov.bcb.pix');
    expect(pix.body.payload).toContain('540589.90');
    expect(pix.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const pngHeader = Buffer.from(pix.body.qrCodeDataUrl.split(',')[1], 'base64').subarray(0, 8);
    expect(pngHeader.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);

    // The stand-in PSP's payer pays: its callback, read back, activates it and grants the plan's credits.
    const paid = await t.call('POST', `/v1/sandbox/invoices/${pix.body.invoiceId}/pay`, { token });
    expect(paid.status).toBe(200);
    expect(paid.body.invoice).toMatchObject({ status: 'PAID', paidAt: '2026-03-10T12:00:00.000Z', creditsGranted: 3 });
    expect(paid.body.subscription).toMatchObject({
      status: 'ACTIVE',
      hasAccess: true,
      startDate: '2026-03-10T12:00:00.000Z',
      endDate: '2026-04-10T12:00:00.000Z',
    });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: true, credits: { balance: 3, used: 0 } });

    // Seven days before the end the renewal is issued, due on endDate.
    t.clock.set('2026-04-04T12:00:00.000Z');
    expect(await reconcile()).toMatchObject({ renewalsIssued: 1 });
    const invoices = await t.call('GET', `/v1/subscriptions/${sub._id}/invoices`, { token });
    expect(invoices.body.meta).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
    expect(invoices.body.data.map((invoice: { kind: string; status: string }) => `${invoice.kind}:${invoice.status}`)).toEqual([
      'RENEWAL:PENDING',
      'FIRST:PAID',
    ]);
    expect(invoices.body.data[0]).toMatchObject({
      dueDate: '2026-04-10T12:00:00.000Z',
      periodStart: '2026-04-10T12:00:00.000Z',
      periodEnd: '2026-05-10T12:00:00.000Z',
    });

    // Unpaid after the due date: PAUSED, access suspended, seven days to pay before cancellation.
    t.clock.set('2026-04-11T12:00:00.000Z');
    expect(await reconcile()).toMatchObject({ invoicesOverdue: 1, subscriptionsPaused: 1 });
    const paused = await t.call('GET', `/v1/subscriptions/${sub._id}`, { token });
    expect(paused.body).toMatchObject({ status: 'PAUSED', hasAccess: false, endDate: '2026-04-17T12:00:00.000Z' });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: false });

    // Paying the overdue renewal (a fresh PIX: the old one expired) → ACTIVE for that cycle, credits again.
    const overduePix = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token });
    expect(overduePix.body).toMatchObject({ status: 'OVERDUE', amountCents: 8990, expiresAt: '2026-04-12T12:00:00.000Z' });
    expect(overduePix.body.payload).not.toBe(pix.body.payload);
    const repaid = await t.call('POST', `/v1/sandbox/invoices/${overduePix.body.invoiceId}/pay`, { token });
    expect(repaid.body.subscription).toMatchObject({ status: 'ACTIVE', endDate: '2026-05-10T12:00:00.000Z' });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: true, credits: { balance: 6 } });

    // Cancel request: reason recorded, access kept until endDate, nothing more is charged.
    const requested = await t.call('POST', `/v1/subscriptions/cancelRequest/${sub._id}`, {
      token,
      body: { reason: 'Preço', comment: 'Vamos pausar o treinamento da equipe.' },
    });
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({
      status: 'ACTIVE',
      hasAccess: true,
      cancelRequest: { reason: 'Preço', comment: 'Vamos pausar o treinamento da equipe.', requestedAt: '2026-04-11T12:00:00.000Z' },
    });
    const again = await t.call('POST', `/v1/subscriptions/cancelRequest/${sub._id}`, { token, body: { reason: 'Preço' } });
    expectErrorShape(again, 409);
    expect(again.body.message).toBe('O cancelamento desta assinatura já foi solicitado.');
    t.clock.set('2026-05-05T12:00:00.000Z');
    expect(await reconcile()).toMatchObject({ renewalsIssued: 0, subscriptionsCanceled: 0 });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: true });

    // The period ends → CANCELED, profile refreshed (still pointing at it, no access).
    t.clock.set('2026-05-10T12:00:01.000Z');
    expect(await reconcile()).toMatchObject({ subscriptionsCanceled: 1 });
    const canceled = await t.call('GET', `/v1/subscriptions/${sub._id}`, { token });
    expect(canceled.body).toMatchObject({ status: 'CANCELED', hasAccess: false, canceledAt: '2026-05-10T12:00:01.000Z' });
    const profile = await userDoc(t, member.id);
    expect(profile).toMatchObject({ hasActiveSubscription: false, credits: { balance: 6 } });
    expect(profile.subscription?.toHexString()).toBe(sub._id);

    // Reactivate after the period: a new cycle, awaiting its own first payment.
    const reactivated = await t.call('PATCH', `/v1/subscriptions/reactivate/${sub._id}`, { token });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ status: 'PENDING', cancelRequest: null, canceledAt: null, endDate: null });
    const newPix = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token });
    expect(newPix.body).toMatchObject({ amountCents: 8990, status: 'PENDING', dueDate: '2026-05-13T12:00:01.000Z' });
    const reopened = await t.call('POST', `/v1/sandbox/invoices/${newPix.body.invoiceId}/pay`, { token });
    expect(reopened.body.subscription).toMatchObject({ status: 'ACTIVE', currentPeriodStart: '2026-05-10T12:00:01.000Z', endDate: '2026-06-10T12:00:01.000Z' });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: true, credits: { balance: 9 } });

    const history = await t.call('GET', `/v1/subscriptions/${sub._id}/invoices`, { token });
    expect(history.body.data.map((invoice: { kind: string; status: string }) => `${invoice.kind}:${invoice.status}`)).toEqual([
      'FIRST:PAID',
      'RENEWAL:PAID',
      'FIRST:PAID',
    ]);
  });

  test('When a request does not fit the state, then 409 with a Portuguese message and nothing changes', async () => {
    const member = await createActor(t);
    const token = member.token;
    const sub = (await t.call('POST', '/v1/subscriptions', { token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } })).body;

    const cases: [string, string, unknown, string][] = [
      ['POST', `/v1/subscriptions/cancelRequest/${sub._id}`, { reason: 'Mudança de laboratório' }, 'Só é possível agendar o cancelamento de uma assinatura ativa'],
      ['PATCH', `/v1/subscriptions/reactivate/${sub._id}`, undefined, 'aguarda o primeiro pagamento'],
      ['POST', '/v1/subscriptions', { planId: t.plans.anual._id, paymentMethod: 'PIX' }, 'Você já tem uma assinatura em andamento'],
      ['PATCH', `/v1/subscriptions/${sub._id}/plan`, { externalPlanId: t.plans.mensal.externalPlanId }, 'já está no plano Mensal'],
    ];
    for (const [method, path, body, message] of cases) {
      const result = await t.call(method, path, { token, ...(body ? { body } : {}) });
      expectErrorShape(result, 409);
      expect(result.body.message).toContain(message);
    }

    const canceled = await t.call('PATCH', `/v1/subscriptions/cancel/${sub._id}`, { token });
    expect(canceled.body).toMatchObject({ status: 'CANCELED' });
    const invoices = await t.call('GET', `/v1/subscriptions/${sub._id}/invoices`, { token });
    expect(invoices.body.data.map((invoice: { status: string }) => invoice.status)).toEqual(['CANCELED']);
    for (const [method, path, body] of [
      ['PATCH', `/v1/subscriptions/cancel/${sub._id}`, undefined],
      ['PATCH', `/v1/subscriptions/${sub._id}/plan`, { externalPlanId: t.plans.anual.externalPlanId }],
      ['PATCH', '/v1/subscriptions', { subscriptionId: sub._id, paymentMethod: 'PIX' }],
    ] as const) {
      const result = await t.call(method, path, { token, ...(body ? { body } : {}) });
      expectErrorShape(result, 409);
    }
    const pix = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token });
    expectErrorShape(pix, 404);
    expect(pix.body.message).toBe('Não há fatura em aberto para esta assinatura.');

    // Once canceled, a new checkout is allowed.
    const next = await t.call('POST', '/v1/subscriptions', { token, body: { planId: t.plans.anual._id, paymentMethod: 'PIX' } });
    expect(next.status).toBe(201);
    const nowPix = await t.call('GET', `/v1/subscriptions/${next.body._id}/pixQRCode`, { token });
    expect(nowPix.body).toMatchObject({ amountCents: 86280 });
  });

  test('When members read subscriptions, then each reads their own (the one their profile points at, and an older one) and never another member\'s, whose id in uppercase changes nothing', async () => {
    const owner = await createActor(t);
    const other = await createActor(t);
    const first = await t.call('POST', '/v1/subscriptions', { token: owner.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    const theirs = await t.call('POST', '/v1/subscriptions', { token: other.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    expect([first.status, theirs.status]).toEqual([201, 201]);
    // The owner cancels the unpaid checkout and subscribes again: the profile now points at the new one.
    expect((await t.call('PATCH', `/v1/subscriptions/cancel/${first.body._id}`, { token: owner.token })).status).toBe(200);
    const second = await t.call('POST', '/v1/subscriptions', { token: owner.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    expect(second.status).toBe(201);
    expect((await userDoc(t, owner.id)).subscription?.toHexString()).toBe(second.body._id);

    for (const id of [second.body._id, String(second.body._id).toUpperCase(), first.body._id]) {
      const read = await t.call('GET', `/v1/subscriptions/${id}`, { token: owner.token });
      expect([id, read.status, read.body.userId]).toEqual([id, 200, owner.id]);
    }
    for (const id of [theirs.body._id, String(theirs.body._id).toUpperCase()]) {
      expectErrorShape(await t.call('GET', `/v1/subscriptions/${id}`, { token: owner.token }), 403);
    }
    expectErrorShape(await t.call('GET', `/v1/subscriptions/${second.body._id}`, { token: other.token }), 403);
  });

  test('When an inactive or unknown plan is chosen at checkout, then 409 or 404', async () => {
    const member = await createActor(t);
    const admin = actors.admin;
    await t.call('PATCH', `/v1/plans/${t.plans.trimestral._id}`, { token: admin.token, body: { active: false } });
    try {
      const inactive = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.trimestral._id, paymentMethod: 'PIX' } });
      expectErrorShape(inactive, 409);
      expect(inactive.body.code).toBe('PLAN_UNAVAILABLE');
    } finally {
      await t.call('PATCH', `/v1/plans/${t.plans.trimestral._id}`, { token: admin.token, body: { active: true } });
    }
    const unknown = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: 'a'.repeat(24), paymentMethod: 'PIX' } });
    expectErrorShape(unknown, 404);
    expect(unknown.body.message).toBe('Plano não encontrado.');
  });

  test('When 20 checkouts of one member arrive at once, then exactly one subscription and one invoice exist', async () => {
    const member = await createActor(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.call('POST', '/v1/subscriptions', {
          token: member.token,
          body: { planId: index % 2 ? t.plans.mensal._id : t.plans.anual._id, paymentMethod: 'PIX' },
        }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const result of results.filter((candidate) => candidate.status === 409)) {
      expectErrorShape(result, 409);
      expect(result.body.code).toBe('SUBSCRIPTION_ALREADY_OPEN');
    }
    const mine = await t.call('GET', `/v1/subscriptions/user/${member.id}`, { token: member.token });
    expect(mine.body.meta.total).toBe(1);
    const invoices = await t.call('GET', `/v1/subscriptions/${mine.body.data[0]._id}/invoices`, { token: member.token });
    expect(invoices.body.meta.total).toBe(1);
  });
});
