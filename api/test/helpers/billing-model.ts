import fc from 'fast-check';
import { ObjectId } from 'mongodb';
import { createAccount, signIn, type TestAccount } from './identity';
import { billingSnapshot, startBillingApp, type BillingTestApp, type PlanView } from './billing';
import { seedCatalogue } from '../../src/seed/catalogue';
import { SHARED_STAND_IN_DIR } from '../../src/config';
import { billingInvariantViolations, creditStepViolations } from '../../src/modules/billing/rules/invariants';
import { COLLECTIONS } from './collections';
import type { UserDocument } from '../../src/modules/users/documents';
import type { InvoiceDocument } from '../../src/modules/billing/documents';

/**
 * The billing model: actions of members, an admin, the gateway and the clock, run against the
 * real API (in-process, real HTTP, emulator tokens, injected clock), with the invariants of
 * billing/invariants.ts checked after every step. Used by test/billing/model.test.ts (random
 * histories) and model-regressions.test.ts (shrunk counter-examples, by name).
 */

type PlanKey = 'mensal' | 'trimestral' | 'anual';
const PLAN_KEYS: PlanKey[] = ['mensal', 'trimestral', 'anual'];
const HOURS = [1, 12, 24, 2 * 24, 3 * 24, 5 * 24, 6 * 24, 8 * 24, 20 * 24, 31 * 24, 95 * 24];

export type Action =
  | { kind: 'subscribe'; member: number; plan: PlanKey; method: 'PIX' | 'CREDIT_CARD'; seats?: number; automatic?: boolean }
  | { kind: 'pay'; member: number; replay: boolean }
  | { kind: 'payLate'; member: number; hours: number }
  | { kind: 'replayPixCallback'; member: number }
  | { kind: 'cancelRequest'; member: number }
  | { kind: 'reactivate'; member: number }
  | { kind: 'changePlan'; member: number; plan: PlanKey; previewFirst: boolean }
  | { kind: 'cancelNow'; member: number; byAdmin: boolean }
  | { kind: 'adminStatus'; member: number; status: 'ACTIVE' | 'PAUSED' | 'CANCELED' }
  | { kind: 'paymentMethod'; member: number; method: 'PIX' | 'CREDIT_CARD' }
  | { kind: 'unlock'; member: number; item: number }
  | { kind: 'advance'; hours: number }
  | { kind: 'reconcile' }
  // laboratory accounts (issue 16): seats bought, technicians joining and leaving
  | { kind: 'changeSeats'; member: number; seats: number; previewFirst: boolean }
  | { kind: 'invite'; member: number; technician: number }
  | { kind: 'acceptInvitation'; technician: number }
  | { kind: 'removeMember'; member: number; technician: number }
  // Pix Automático (issue 28): the payer's bank authorizes, rejects or cancels; a cycle's debit goes through or fails; the member deactivates
  | { kind: 'authorize'; member: number }
  | { kind: 'reject'; member: number }
  | { kind: 'payerCancels'; member: number }
  | { kind: 'debit'; member: number; ok: boolean }
  | { kind: 'deactivate'; member: number };

// Mostly one member (so histories go deep), sometimes the other (so members do not mix).
const member = fc.constantFrom(0, 0, 0, 1);
const plan = fc.constantFrom(...PLAN_KEYS);
const method = fc.constantFrom<'PIX' | 'CREDIT_CARD'>('PIX', 'CREDIT_CARD');
const hours = fc.constantFrom(...HOURS);
const seats = fc.constantFrom(1, 1, 2, 3, 4);
const technician = fc.constantFrom(0, 1, 2);
export const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('subscribe' as const), member, plan, method, seats, automatic: fc.boolean() }) },
  { weight: 7, arbitrary: fc.record({ kind: fc.constant('pay' as const), member, replay: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payLate' as const), member, hours }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replayPixCallback' as const), member }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelRequest' as const), member }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reactivate' as const), member }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('changePlan' as const), member, plan, previewFirst: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelNow' as const), member, byAdmin: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adminStatus' as const), member, status: fc.constantFrom<'ACTIVE' | 'PAUSED' | 'CANCELED'>('ACTIVE', 'PAUSED', 'CANCELED') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('paymentMethod' as const), member, method }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unlock' as const), member, item: fc.integer({ min: 0, max: 5 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('advance' as const), hours }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reconcile' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('changeSeats' as const), member, seats, previewFirst: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('invite' as const), member, technician }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('acceptInvitation' as const), technician }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('removeMember' as const), member, technician }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('authorize' as const), member }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject' as const), member }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payerCancels' as const), member }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('debit' as const), member, ok: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deactivate' as const), member }) },
);

/** A payer for Pix Automático checkouts (a valid CPF). */
const PAYER = { documento: '529.982.247-25', nome: 'Pessoa do Modelo' };

/** Emulator accounts made once; each run's fresh app gets their profiles. Tokens are renewed before they expire. */
let accounts: TestAccount[] = [];
let signedInAt = 0;
async function tokens(): Promise<string[]> {
  if (Date.now() - signedInAt > 45 * 60_000) {
    accounts = await Promise.all(accounts.map((account) => signIn(account.email, account.password)));
    signedInAt = Date.now();
  }
  return accounts.map((account) => account.idToken);
}

/** Two members, the admin, then three people who may join the members' laboratories as technicians. */
async function ensureAccounts(): Promise<void> {
  if (accounts.length) return;
  accounts = await Promise.all(Array.from({ length: 6 }, () => createAccount()));
  signedInAt = Date.now();
}

/** A profile laboratory with a valid CNPJ: both members may buy seats. */
const LABORATORY = {
  name: 'Laboratório do Modelo',
  cnpj: '11.222.333/0001-81',
  phone: '(11) 3456-7890',
  address: { cep: '01310-100', street: 'Av. Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
};

interface World {
  t: BillingTestApp;
  members: { token: string; id: string }[];
  technicians: { token: string; id: string; email: string }[];
  /** Each technician's invitation tokens, newest last (pending ones may outnumber free seats). */
  invitations: string[][];
  admin: string;
  subscriptions: (string | null)[];
  /** Each member's delivered API Pix `/pix` callbacks (the PSP's own record of the Pix), newest last. */
  pixCallbacks: { pix: unknown[] }[][];
}

/** One app for a whole test file; each run starts from an empty store and the same instant, so a run replays exactly when shrunk. */
let app: BillingTestApp | null = null;
/** Published CREDITS items of the demo catalogue (seeded once; unlocks are cleared per run). */
let creditItems: { itemType: 'CONTENT' | 'VIDEO'; itemId: string }[] = [];

export async function closeModel(): Promise<void> {
  await app?.close();
  app = null;
}

async function newWorld(): Promise<World> {
  if (!app) {
    // The stand-in PSP (over mTLS, as `npm start`): Pix Automático exists only with an API Pix adapter.
    // No write limit in reach: every run's members are the same accounts, and a long run makes them write
    // over 10,000 times a minute (at history ~840 of 5,000 creating the profile got 429 and the run failed on a 403).
    app = await startBillingApp('2026-03-10T12:00:00.000Z', {
      config: { pixStandIn: { port: 0, dir: SHARED_STAND_IN_DIR, timeoutMs: 5000 }, rateLimit: { max: 100_000_000, timeWindowMs: 60_000 } },
    });
    await seedCatalogue(app.app);
    const contents = await app.app.contentsRepository.list({ page: 1, limit: 100, access: 'CREDITS', publishedOnly: true, sort: 'newest' });
    const videos = await app.app.videosRepository.list({ page: 1, limit: 100, access: 'CREDITS', publishedOnly: true, sort: 'newest' });
    creditItems = [
      ...contents.data.map((item) => ({ itemType: 'CONTENT' as const, itemId: item._id.toHexString() })),
      ...videos.data.map((item) => ({ itemType: 'VIDEO' as const, itemId: item._id.toHexString() })),
    ];
  }
  const t = app;
  await ensureAccounts();
  t.clock.set('2026-03-10T12:00:00.000Z');
  for (const name of [
    COLLECTIONS.users,
    COLLECTIONS.subscriptions,
    COLLECTIONS.invoices,
    COLLECTIONS.unlocks,
    COLLECTIONS.laboratoryAccounts,
    COLLECTIONS.seats,
    COLLECTIONS.invitations,
  ]) {
    await t.db.collection(name).deleteMany({});
  }
  const all = await tokens();
  const people = [];
  for (const token of all) {
    const created = await t.call('POST', '/v1/users', { token, body: {} });
    if (created.status !== 200 && created.status !== 201) throw new Error(`criar o perfil respondeu ${created.status}: ${JSON.stringify(created.body)}`);
    people.push({ token, id: created.body._id as string, email: created.body.email as string });
  }
  for (const member of people.slice(0, 2)) {
    await t.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { laboratory: LABORATORY } });
  }
  await t.db.collection<UserDocument>(COLLECTIONS.users).updateOne({ email: accounts[2]!.email.toLowerCase() }, { $set: { role: 'ADMIN' } });
  t.app.responseCache.bump('users');
  return {
    t,
    members: people.slice(0, 2),
    technicians: people.slice(3),
    invitations: [[], [], []],
    admin: all[2]!,
    subscriptions: [null, null],
    pixCallbacks: [[], []],
  };
}

const accepted = (status: number) => status < 500;
/** No card gateway exists: a card is refused (422), never saved (issue 25). */
const cardRefused = (method: 'PIX' | 'CREDIT_CARD', status: number, what: string) => {
  if (method === 'CREDIT_CARD' && status !== 422) throw new Error(`${what} com cartão respondeu ${status}, esperado 422`);
};

async function openInvoice(world: World, index: number): Promise<InvoiceDocument | null> {
  const subId = world.subscriptions[index];
  if (!subId) return null;
  const [open] = await world.t.app.invoicesRepository.findOpen(new ObjectId(subId));
  return open ?? null;
}

/** The PSP delivers a `/pix` callback again (at the secret URL): every Pix in it is a duplicate, nothing is paid twice. */
async function deliverAgain(t: BillingTestApp, callback: { pix: unknown[] }, what: string): Promise<void> {
  const again = await t.call('POST', `/v1/webhooks/pix-api/${t.app.config.pixWebhookSegment}/pix`, { body: callback });
  const outcomes = (again.body.results as { outcome: string }[] | undefined)?.map((result) => result.outcome);
  if (again.status !== 200 || !outcomes?.length || outcomes.some((outcome) => outcome !== 'DUPLICATE')) {
    throw new Error(`${what}: ${again.status} ${JSON.stringify(again.body)}`);
  }
}

async function step(world: World, act: Action): Promise<void> {
  const { t } = world;
  const who = 'member' in act ? world.members[act.member]! : null;
  if (act.kind === 'acceptInvitation' && !world.technicians[act.technician]) return;
  const subId = 'member' in act ? world.subscriptions[act.member] : null;
  const expectOk = (status: number, what: string, body: unknown) => {
    if (!accepted(status)) throw new Error(`${what} respondeu ${status}: ${JSON.stringify(body)}`);
  };
  const pay = async (index: number, replay: boolean) => {
    const invoice = await openInvoice(world, index);
    if (!invoice) return;
    const paid = await t.call('POST', `/v1/sandbox/invoices/${invoice._id.toHexString()}/pay`, { token: world.members[index]!.token });
    expectOk(paid.status, 'pagar', paid.body);
    if (paid.status !== 200) return;
    // The callback the stand-in PSP just delivered, as its own record of the charge holds it.
    const delivered = invoice.pix ? t.app.pixStandIn!.charges.get(invoice.pix.txid)?.pix : undefined;
    if (!delivered?.length) throw new Error(`pago sem Pix no PSP: ${invoice._id.toHexString()}`);
    const callback = { pix: structuredClone(delivered) };
    world.pixCallbacks[index]!.push(callback);
    if (replay) await deliverAgain(t, callback, 'pagamento repetido');
  };

  switch (act.kind) {
    case 'subscribe': {
      const result = await t.call('POST', '/v1/subscriptions', {
        token: who!.token,
        body: { planId: t.plans[act.plan]._id, paymentMethod: act.method, ...(act.seats ? { seats: act.seats } : {}), ...(act.automatic ? { pixAutomatico: PAYER } : {}) },
      });
      expectOk(result.status, 'assinar', result.body);
      // A card with Pix Automático is bad input (400) before the card is refused.
      if (!(act.automatic && act.method === 'CREDIT_CARD')) cardRefused(act.method, result.status, 'assinar');
      if (result.status === 201) world.subscriptions[act.member] = result.body._id;
      return;
    }
    case 'pay':
      return pay(act.member, act.replay);
    case 'payLate':
      // Time passes with the job running (as it does every minute), then the member pays what is open.
      t.clock.set(new Date(t.clock.now().getTime() + act.hours * 3_600_000));
      await t.app.reconciliation.run();
      return pay(act.member, false);
    case 'replayPixCallback': {
      const callback = world.pixCallbacks[act.member]!.at(-1);
      if (!callback) return;
      return deliverAgain(t, callback, 'callback /pix repetido');
    }
    case 'cancelRequest': {
      if (!subId) return;
      const result = await t.call('POST', `/v1/subscriptions/cancelRequest/${subId}`, { token: who!.token, body: { reason: 'Preço' } });
      return expectOk(result.status, 'pedir cancelamento', result.body);
    }
    case 'reactivate': {
      if (!subId) return;
      const result = await t.call('PATCH', `/v1/subscriptions/reactivate/${subId}`, { token: who!.token });
      return expectOk(result.status, 'reativar', result.body);
    }
    case 'changePlan':
    case 'changeSeats': {
      if (!subId) return;
      let target: PlanView;
      let query: Record<string, string | number> = {};
      if (act.kind === 'changePlan') {
        target = t.plans[act.plan] as PlanView;
      } else {
        const current = (await t.call('GET', `/v1/subscriptions/${subId}`, { token: who!.token })).body;
        target = Object.values(t.plans).find((candidate) => candidate.externalPlanId === current.externalPlanId)!;
        query = { seats: act.seats };
      }
      const preview = act.previewFirst
        ? await t.call('GET', `/v1/subscriptions/${subId}/plan-preview`, { token: who!.token, query: { externalPlanId: target.externalPlanId, ...query } })
        : null;
      if (preview) expectOk(preview.status, 'prévia', preview.body);
      const result = await t.call('PATCH', `/v1/subscriptions/${subId}/plan`, {
        token: who!.token,
        body: { externalPlanId: target.externalPlanId, ...query },
      });
      expectOk(result.status, 'trocar de plano', result.body);
      if (preview && preview.status !== result.status) throw new Error(`prévia ${preview.status} ≠ confirmação ${result.status}`);
      if (preview?.status === 200) {
        const { invoiceId: _previewId, ...shown } = preview.body;
        const { invoiceId: _invoiceId, ...charged } = result.body.change;
        if (JSON.stringify(shown) !== JSON.stringify(charged)) {
          throw new Error(`a confirmação difere da prévia:\n${JSON.stringify(shown)}\n${JSON.stringify(charged)}`);
        }
      }
      return;
    }
    case 'cancelNow': {
      if (!subId) return;
      const result = await t.call('PATCH', `/v1/subscriptions/cancel/${subId}`, { token: act.byAdmin ? world.admin : who!.token });
      return expectOk(result.status, 'cancelar agora', result.body);
    }
    case 'adminStatus': {
      if (!subId) return;
      const result = await t.call('PATCH', '/v1/subscriptions/status', { token: world.admin, body: { subscriptionId: subId, status: act.status } });
      return expectOk(result.status, 'status pelo admin', result.body);
    }
    case 'paymentMethod': {
      if (!subId) return;
      const result = await t.call('PATCH', '/v1/subscriptions', { token: who!.token, body: { subscriptionId: subId, paymentMethod: act.method } });
      expectOk(result.status, 'forma de pagamento', result.body);
      return cardRefused(act.method, result.status, 'forma de pagamento');
    }
    case 'unlock': {
      const item = creditItems[act.item % Math.max(creditItems.length, 1)];
      if (!item) return;
      const result = await t.call('POST', '/v1/unlocks', { token: who!.token, body: item });
      return expectOk(result.status, 'desbloquear', result.body);
    }
    case 'advance':
      // The job runs every minute in production: time never passes without it.
      t.clock.set(new Date(t.clock.now().getTime() + act.hours * 3_600_000));
      await t.app.reconciliation.run();
      return;
    case 'reconcile':
      await t.app.reconciliation.run();
      return;
    case 'invite': {
      // The member (if they manage a laboratory with a free seat) invites the technician.
      const person = world.technicians[act.technician]!;
      const invited = await t.call('POST', '/v1/team/invitations', { token: who!.token, body: { email: person.email } });
      expectOk(invited.status, 'convidar', invited.body);
      if (invited.status === 201) world.invitations[act.technician]!.push(String(invited.body.inviteUrl).split('/').pop()!);
      return;
    }
    case 'acceptInvitation': {
      // Later, maybe after other acceptances took the seats or the seats were reduced.
      const token = world.invitations[act.technician]!.at(-1);
      if (!token) return;
      const person = world.technicians[act.technician]!;
      const accepted = await t.call('POST', `/v1/team/invitations/by-token/${token}/accept`, { token: person.token });
      return expectOk(accepted.status, 'aceitar convite', accepted.body);
    }
    case 'authorize':
    case 'reject':
    case 'payerCancels': {
      if (!subId) return;
      const acao = act.kind === 'authorize' ? 'aprovar' : act.kind === 'reject' ? 'rejeitar' : 'cancelar';
      const result = await t.call('POST', `/v1/sandbox/subscriptions/${subId}/pix-automatico/${acao}`, { token: who!.token });
      return expectOk(result.status, `banco: ${acao}`, result.body);
    }
    case 'debit': {
      // On the debit date (or a retry's), the payer's bank settles the scheduled attempt.
      const invoice = (await t.app.invoicesRepository.findOpen(new ObjectId(subId ?? '0'.repeat(24)))).find((candidate) => candidate.recurringCharge?.status === 'ATIVA');
      if (!invoice) return;
      const charge = invoice.recurringCharge!;
      const date = charge.retryOn ?? charge.dueDate;
      if (t.clock.now().toISOString().slice(0, 10) < date) {
        t.clock.set(`${date}T12:00:00.000Z`);
        await t.app.reconciliation.run();
      }
      const result = await t.call('POST', `/v1/sandbox/invoices/${invoice._id.toHexString()}/debitar`, { token: who!.token, body: { resultado: act.ok ? 'ok' : 'falha' } });
      return expectOk(result.status, 'débito', result.body);
    }
    case 'deactivate': {
      if (!subId) return;
      const result = await t.call('DELETE', `/v1/subscriptions/${subId}/pix-automatico`, { token: who!.token });
      return expectOk(result.status, 'desativar', result.body);
    }
    case 'removeMember': {
      const person = world.technicians[act.technician]!;
      const removed = await t.call('DELETE', `/v1/team/members/${person.id}`, { token: who!.token });
      return expectOk(removed.status, 'remover da equipe', removed.body);
    }
  }
}

/** Runs one history from an empty store; throws with the step and the broken invariants. */
export async function history(actions: Action[]): Promise<void> {
  const world = await newWorld();
  let before = await billingSnapshot(world.t, world.t.clock.now());
  for (const [index, act] of actions.entries()) {
    await step(world, act);
    const after = await billingSnapshot(world.t, world.t.clock.now());
    const violations = [...billingInvariantViolations(after), ...creditStepViolations(before, after)];
    before = after;
    if (violations.length) {
      throw new Error(`passo ${index + 1} (${JSON.stringify(act)}) em ${world.t.clock.now().toISOString()}:\n${violations.join('\n')}`);
    }
  }
}

