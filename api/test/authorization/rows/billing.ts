import { seedPlans } from '../../../src/seed/plans';
import { createActor, type TestActor } from '../../helpers/app';
import type { TestApp } from '../../helpers/app';
import type { Actor, MatrixContext, MatrixGroup, OptionalActor } from '../matrix';

/**
 * Plans, subscriptions, the payment webhooks and the stand-in PSP's actions. `member` owns a paid
 * subscription with an open upgrade invoice. Rows that change state give the admin its own
 * target (`client`'s subscription, or `former`'s canceled one), so every cell sees the state
 * it expects whatever ran before it; the rows run in the order below.
 */
interface BillingFixtures {
  plans: { mensal: string; anual: string; mensalExternal: string; anualExternal: string };
  memberSub: string;
  memberInvoice: string;
  /** The member's first invoice, paid: it has a receipt. */
  memberPaidInvoice: string;
  /** A member whose first purchase was paid a moment ago: the owner column of the withdrawal row. */
  withdrawer: TestActor;
  withdrawerSub: string;
  clientSub: string;
  clientInvoice: string;
  formerSub: string;
}

const f = (ctx: MatrixContext) => ctx.fixtures.billing as BillingFixtures;
const forAdmin = (actor: Actor | OptionalActor | undefined) => actor === 'admin';

async function paidWithOpenUpgrade(testApp: TestApp, actor: TestActor, fixtures: BillingFixtures['plans']) {
  const sub = await testApp.call('POST', '/v1/subscriptions', { token: actor.token, body: { planId: fixtures.mensal, paymentMethod: 'PIX' } });
  const pix = await testApp.call('GET', `/v1/subscriptions/${sub.body._id}/pixQRCode`, { token: actor.token });
  const paid = await testApp.call('POST', `/v1/sandbox/invoices/${pix.body.invoiceId}/pay`, { token: actor.token });
  if (paid.status !== 200) throw new Error(`fixture: pagamento respondeu ${paid.status}`);
  const upgrade = await testApp.call('PATCH', `/v1/subscriptions/${sub.body._id}/plan`, {
    token: actor.token,
    body: { externalPlanId: fixtures.anualExternal },
  });
  if (upgrade.status !== 200) throw new Error(`fixture: upgrade respondeu ${upgrade.status}`);
  return { subId: sub.body._id as string, invoiceId: upgrade.body.change.invoiceId as string, paidInvoiceId: pix.body.invoiceId as string };
}

async function prepare(ctx: MatrixContext): Promise<void> {
  const { testApp, actors } = ctx;
  await seedPlans(testApp.app);
  const all = await testApp.app.plansRepository.listAll();
  const byInterval = (interval: string) => all.find((plan) => plan.interval === interval)!;
  const plans = {
    mensal: byInterval('MONTHLY')._id.toHexString(),
    anual: byInterval('YEARLY')._id.toHexString(),
    mensalExternal: byInterval('MONTHLY').externalPlanId,
    anualExternal: byInterval('YEARLY').externalPlanId,
  };
  const [client, former, withdrawer] = await Promise.all([createActor(testApp), createActor(testApp), createActor(testApp)]);
  const memberSide = await paidWithOpenUpgrade(testApp, actors.member, plans);
  const clientSide = await paidWithOpenUpgrade(testApp, client, plans);
  const withdrawerSide = await paidWithOpenUpgrade(testApp, withdrawer, plans);
  const formerSub = await testApp.call('POST', '/v1/subscriptions', { token: former.token, body: { planId: plans.mensal, paymentMethod: 'PIX' } });
  await testApp.call('PATCH', `/v1/subscriptions/cancel/${formerSub.body._id}`, { token: former.token });
  ctx.fixtures.billing = {
    plans,
    memberSub: memberSide.subId,
    memberInvoice: memberSide.invoiceId,
    memberPaidInvoice: memberSide.paidInvoiceId,
    withdrawer,
    withdrawerSub: withdrawerSide.subId,
    clientSub: clientSide.subId,
    clientInvoice: clientSide.invoiceId,
    formerSub: formerSub.body._id,
  } satisfies BillingFixtures;
}

const OWNER_OR_ADMIN = { anonymous: 401, member: 200, otherMember: 403, admin: 200 };
const ADMIN_ONLY = { anonymous: 401, member: 403, otherMember: 403, admin: 200 };
const PUBLIC = { anonymous: 200, member: 200, otherMember: 200, admin: 200 };

export const plansGroup: MatrixGroup = {
  name: 'plans',
  prepare: async (ctx) => {
    if (!ctx.fixtures.billing) await prepare(ctx);
  },
  rows: [
    { method: 'GET', route: '/v1/plans/', expect: PUBLIC },
    { method: 'GET', route: '/v1/plans/all', expect: ADMIN_ONLY },
    { method: 'GET', route: '/v1/plans/:id', params: (ctx) => ({ id: f(ctx).plans.anual }), expect: PUBLIC },
    {
      method: 'PATCH',
      route: '/v1/plans/:id',
      params: (ctx) => ({ id: f(ctx).plans.anual }),
      body: () => ({ description: 'O melhor preço para quem quer o Clube o ano todo.' }),
      expect: ADMIN_ONLY,
    },
  ],
};

export const subscriptionsGroup: MatrixGroup = {
  name: 'subscriptions',
  prepare: async (ctx) => {
    if (!ctx.fixtures.billing) await prepare(ctx);
  },
  rows: [
    { method: 'GET', route: '/v1/subscriptions/paginated', query: () => ({ page: 1, limit: 5 }), expect: ADMIN_ONLY },
    { method: 'GET', route: '/v1/subscriptions/user/:userId', params: (ctx) => ({ userId: ctx.actors.member.id }), expect: OWNER_OR_ADMIN },
    { method: 'GET', route: '/v1/subscriptions/:id', params: (ctx) => ({ id: f(ctx).memberSub }), expect: OWNER_OR_ADMIN },
    { method: 'GET', route: '/v1/subscriptions/:id/pixQRCode', params: (ctx) => ({ id: f(ctx).memberSub }), expect: OWNER_OR_ADMIN },
    { method: 'GET', route: '/v1/subscriptions/:id/invoices', params: (ctx) => ({ id: f(ctx).memberSub }), expect: OWNER_OR_ADMIN },
    // Issue 27: receipts and the right of withdrawal.
    {
      method: 'GET',
      route: '/v1/subscriptions/:id/invoices/:invoiceId/receipt.pdf',
      params: (ctx) => ({ id: f(ctx).memberSub, invoiceId: f(ctx).memberPaidInvoice }),
      expect: OWNER_OR_ADMIN,
    },
    { method: 'GET', route: '/v1/subscriptions/:id/withdrawal', params: (ctx) => ({ id: f(ctx).memberSub }), expect: OWNER_OR_ADMIN },
    {
      method: 'POST',
      route: '/v1/subscriptions/:id/withdrawal',
      label: 'só o dono se arrepende (a primeira compra de outro membro, paga agora)',
      params: (ctx) => ({ id: f(ctx).withdrawerSub }),
      request: (ctx, actor) => (actor === 'member' ? { token: f(ctx).withdrawer.token } : {}),
      body: () => ({ reason: 'Desisti da compra' }),
      expect: { anonymous: 401, member: 200, otherMember: 403, admin: 403 },
    },
    // Issue 28: "Desativar" Pix Automático (this member has none: 409 once the caller may ask).
    {
      method: 'DELETE',
      route: '/v1/subscriptions/:id/pix-automatico',
      label: 'dono ou admin desativam o Pix Automático',
      params: (ctx) => ({ id: f(ctx).memberSub }),
      expect: { anonymous: 401, member: 409, otherMember: 403, admin: 409 },
    },
    // Billing issue: live payment status and the plan-change preview (issue 13's API pieces).
    { method: 'GET', route: '/v1/subscriptions/:id/payment-status', params: (ctx) => ({ id: f(ctx).memberSub }), expect: OWNER_OR_ADMIN },
    {
      method: 'GET',
      route: '/v1/subscriptions/:id/plan-preview',
      params: (ctx) => ({ id: f(ctx).memberSub }),
      query: (ctx) => ({ externalPlanId: f(ctx).plans.mensalExternal }),
      expect: OWNER_OR_ADMIN,
    },
    {
      method: 'PATCH',
      route: '/v1/subscriptions/',
      label: 'forma de pagamento',
      body: (ctx) => ({ subscriptionId: f(ctx).memberSub, paymentMethod: 'PIX' }),
      expect: OWNER_OR_ADMIN,
    },
    {
      method: 'POST',
      route: '/v1/dev/clock',
      label: 'desenvolvimento: relógio (0 dias: só concilia)',
      body: () => ({ dias: 0 }),
      expect: ADMIN_ONLY,
    },
    { method: 'GET', route: '/v1/dev/clock', label: 'desenvolvimento: o relógio', expect: ADMIN_ONLY },
    // The clock is at its real time in this app: putting it back changes nothing for the other rows.
    { method: 'DELETE', route: '/v1/dev/clock', label: 'desenvolvimento: relógio de volta ao real', expect: ADMIN_ONLY },
    {
      method: 'POST',
      route: '/v1/sandbox/invoices/:invoiceId/pay',
      label: 'o dono paga a sua fatura; o admin, a de outro membro',
      params: (ctx, actor) => ({ invoiceId: forAdmin(actor) ? f(ctx).clientInvoice : f(ctx).memberInvoice }),
      expect: OWNER_OR_ADMIN,
    },
    // The stand-in PSP's payer bank (every test app runs it): a member without Pix Automático → 409 once the caller may act.
    {
      method: 'POST',
      route: '/v1/sandbox/subscriptions/:id/pix-automatico/:acao',
      label: 'PSP substituto: o banco do pagador autoriza (sem Pix Automático: 409)',
      params: (ctx) => ({ id: f(ctx).memberSub, acao: 'aprovar' }),
      expect: { anonymous: 401, member: 409, otherMember: 403, admin: 409 },
    },
    {
      method: 'POST',
      route: '/v1/sandbox/invoices/:invoiceId/debitar',
      label: 'PSP substituto: débito do Pix Automático (fatura paga por PIX comum: 409)',
      params: (ctx) => ({ invoiceId: f(ctx).memberPaidInvoice }),
      body: () => ({ resultado: 'ok' }),
      expect: { anonymous: 401, member: 409, otherMember: 403, admin: 409 },
    },
    {
      method: 'PATCH',
      route: '/v1/subscriptions/:subscriptionId/plan',
      label: 'downgrade para o próximo ciclo',
      params: (ctx, actor) => ({ subscriptionId: forAdmin(actor) ? f(ctx).clientSub : f(ctx).memberSub }),
      body: (ctx) => ({ externalPlanId: f(ctx).plans.mensalExternal }),
      expect: OWNER_OR_ADMIN,
    },
    {
      method: 'PATCH',
      route: '/v1/subscriptions/status',
      label: 'suspender',
      body: (ctx) => ({ subscriptionId: f(ctx).clientSub, status: 'PAUSED' }),
      expect: ADMIN_ONLY,
    },
    {
      method: 'PATCH',
      route: '/v1/subscriptions/status',
      label: 'reativar',
      body: (ctx) => ({ subscriptionId: f(ctx).clientSub, status: 'ACTIVE' }),
      expect: ADMIN_ONLY,
    },
    {
      method: 'POST',
      route: '/v1/subscriptions/cancelRequest/:id',
      label: 'só o dono pede o cancelamento',
      params: (ctx) => ({ id: f(ctx).memberSub }),
      body: () => ({ reason: 'Preço', comment: 'Voltamos no próximo semestre.' }),
      expect: { anonymous: 401, member: 200, otherMember: 403, admin: 403 },
    },
    {
      method: 'PATCH',
      route: '/v1/subscriptions/reactivate/:id',
      label: 'o dono desfaz o pedido; o admin reabre uma cancelada',
      params: (ctx, actor) => ({ id: forAdmin(actor) ? f(ctx).formerSub : f(ctx).memberSub }),
      expect: OWNER_OR_ADMIN,
    },
    {
      method: 'PATCH',
      route: '/v1/subscriptions/cancel/:id',
      params: (ctx, actor) => ({ id: forAdmin(actor) ? f(ctx).clientSub : f(ctx).memberSub }),
      expect: OWNER_OR_ADMIN,
    },
    {
      method: 'POST',
      route: '/v1/subscriptions/',
      label: 'checkout (o membro já cancelou a anterior)',
      body: (ctx) => ({ planId: f(ctx).plans.mensal, paymentMethod: 'PIX' }),
      expect: { anonymous: 401, member: 201, otherMember: 201, admin: 201 },
    },
    // API Pix callbacks: only the PSP, which knows the secret path segment; a token is no substitute.
    ...(['pix', 'rec', 'cobr'] as const).map((kind) => ({
      method: 'POST' as const,
      route: `/v1/webhooks/pix-api/:segment/${kind}`,
      label: 'sem o segmento secreto: ninguém, nem com token',
      params: () => ({ segment: 'segredo-errado' }),
      body: () => PIX_CALLBACKS[kind],
      expect: { anonymous: 401, member: 401, otherMember: 401, admin: 401 },
    })),
  ],
};

const AT = '2026-01-01T00:00:00.000Z';
const ID_REC = 'RR1234567820260101abcdefghijk';
const TXID = 'CLB0123456789abcdef0123456789';
/** A valid body of each API Pix callback (API Pix 2.9.0), so the row is refused for who calls, not for what. */
const PIX_CALLBACKS = {
  pix: { pix: [{ endToEndId: 'E12345678202601010000abcdefghijk', txid: TXID, valor: '89.90', horario: AT }] },
  rec: { recs: [{ idRec: ID_REC, status: 'APROVADA', atualizacao: [{ status: 'APROVADA', data: AT }] }] },
  cobr: { cobsr: [{ idRec: ID_REC, txid: TXID, status: 'CONCLUIDA', atualizacao: [{ status: 'CONCLUIDA', data: AT }] }] },
};
