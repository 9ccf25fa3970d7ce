import { randomUUID } from 'node:crypto';
import { seedPlans } from '../../../src/seed/plans';
import { createActor, type TestActor } from '../../helpers/app';
import { createAccount } from '../../helpers/identity';
import { giveLaboratory, invite, payOpenInvoice, tokenOf as inviteTokenOf } from '../../helpers/team';
import type { Actor, MatrixContext, MatrixGroup, OptionalActor } from '../matrix';

/**
 * Laboratory accounts (issue 16). Lab A (4 seats) is managed by `managerA`, with `technician`
 * (the optional matrix persona) and `leaving` (removed by the member row) in it; lab B is managed
 * by `managerB`. In these rows the `member` column is lab A's manager and `otherMember` lab B's
 * manager (a manager of another laboratory), so "a manager cannot touch another lab" is a cell;
 * the admin has no laboratory. Each mutating row gives each column its own target.
 */
interface TeamFixtures {
  managerA: TestActor;
  managerB: TestActor;
  leaving: TestActor;
  /** Invitations of lab A to revoke, per column (the hostile suite gets its own). */
  revoke: Record<string, string>;
  /** Invitation tokens to accept, per column. */
  accept: Record<string, string>;
  /** The account whose invited e-mail accepts in the member column. */
  invitee: TestActor;
  readToken: string;
}

const f = (ctx: MatrixContext) => ctx.fixtures.team as TeamFixtures;
const column = (actor: Actor | OptionalActor | undefined) => actor ?? 'hostile';

async function profileFor(ctx: MatrixContext, name: string): Promise<TestActor> {
  const account = await createAccount({ displayName: name });
  const created = await ctx.testApp.call('POST', '/v1/users', { token: account.idToken, body: {} });
  return { account, token: account.idToken, id: created.body._id, profile: created.body };
}

async function manager(ctx: MatrixContext, seats: number): Promise<TestActor> {
  const { testApp } = ctx;
  const plans = await testApp.app.plansRepository.listAll();
  const mensal = plans.find((plan) => plan.interval === 'MONTHLY')!;
  const actor = await createActor(testApp, 'USER', 'Gestora da Matriz');
  await giveLaboratory(testApp, actor);
  const sub = await testApp.call('POST', '/v1/subscriptions', {
    token: actor.token,
    body: { planId: mensal._id.toHexString(), paymentMethod: 'PIX', seats },
  });
  if (sub.status !== 201) throw new Error(`fixture: checkout respondeu ${sub.status}`);
  await payOpenInvoice(testApp, actor, sub.body._id);
  return actor;
}

async function join(ctx: MatrixContext, lead: TestActor, name: string): Promise<TestActor> {
  const person = await profileFor(ctx, name);
  const { token } = await invite(ctx.testApp, lead, person.account.email);
  const accepted = await ctx.testApp.call('POST', `/v1/team/invitations/by-token/${token}/accept`, { token: person.token });
  if (accepted.status !== 200) throw new Error(`fixture: aceite respondeu ${accepted.status}`);
  return person;
}

async function prepare(ctx: MatrixContext): Promise<void> {
  const { testApp } = ctx;
  if (!(await testApp.app.plansRepository.listAll()).length) await seedPlans(testApp.app);
  const managerA = await manager(ctx, 4);
  const managerB = await manager(ctx, 2);
  ctx.fixtures.technician = await join(ctx, managerA, 'Técnica da Matriz');
  const leaving = await join(ctx, managerA, 'Técnico que sai');
  const email = () => `matriz-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const revoke: Record<string, string> = {};
  for (const key of ['member', 'otherMember', 'admin', 'technician', 'anonymous', 'hostile']) revoke[key] = (await invite(testApp, managerA, email())).id;
  const invitee = await profileFor(ctx, 'Convidada da Matriz');
  const accept: Record<string, string> = {
    member: (await invite(testApp, managerA, invitee.account.email)).token,
    // Someone else's invitation: lab B's manager and the admin are not the invited e-mail.
    otherMember: (await invite(testApp, managerA, email())).token,
    admin: (await invite(testApp, managerA, email())).token,
    // The technician is invited by lab B but already sits in lab A.
    technician: (await invite(testApp, managerB, (ctx.fixtures.technician as TestActor).account.email)).token,
    anonymous: (await invite(testApp, managerA, email())).token,
    hostile: (await invite(testApp, managerA, email())).token,
  };
  const created = await testApp.call('POST', '/v1/team/invitations', { token: managerA.token, body: { email: email() } });
  ctx.fixtures.team = {
    managerA,
    managerB,
    leaving,
    revoke,
    accept,
    invitee,
    readToken: inviteTokenOf(created.body.inviteUrl),
  } satisfies TeamFixtures;
}

/** `member` is lab A's manager, `otherMember` lab B's; the others keep their own token. */
function asManagers(ctx: MatrixContext, actor: Actor | OptionalActor | undefined) {
  if (actor === 'member') return { token: f(ctx).managerA.token };
  if (actor === 'otherMember') return { token: f(ctx).managerB.token };
  return {};
}

const OWN_TEAM = { anonymous: 401, member: 200, otherMember: 200, admin: 404, technician: 403 };

export const teamGroup: MatrixGroup = {
  name: 'team (laboratory accounts)',
  prepare,
  rows: [
    { method: 'GET', route: '/v1/team/', request: asManagers, expect: OWN_TEAM },
    { method: 'GET', route: '/v1/team/training', query: () => ({ from: '2026-01-01' }), request: asManagers, expect: OWN_TEAM },
    { method: 'GET', route: '/v1/team/training.csv', request: asManagers, expect: OWN_TEAM },
    { method: 'GET', route: '/v1/team/training.pdf', query: () => ({ to: '2026-12-31' }), request: asManagers, expect: OWN_TEAM },
    {
      method: 'POST',
      route: '/v1/team/invitations',
      label: 'cada gestor convida para o próprio laboratório',
      body: () => ({ email: `convite-${randomUUID().slice(0, 8)}@exemplo.com.br` }),
      request: asManagers,
      expect: { anonymous: 401, member: 201, otherMember: 201, admin: 404, technician: 403 },
    },
    {
      method: 'DELETE',
      route: '/v1/team/invitations/:id',
      label: 'um convite do laboratório A: o gestor de B recebe 404',
      params: (ctx, actor) => ({ id: f(ctx).revoke[column(actor)]! }),
      request: asManagers,
      expect: { anonymous: 401, member: 204, otherMember: 404, admin: 404, technician: 403 },
    },
    {
      method: 'DELETE',
      route: '/v1/team/members/:userId',
      label: 'um técnico do laboratório A: o gestor de B recebe 404',
      params: (ctx, actor) => ({ userId: actor === 'member' ? f(ctx).leaving.id : (ctx.fixtures.technician as TestActor).id }),
      request: asManagers,
      expect: { anonymous: 401, member: 204, otherMember: 404, admin: 404, technician: 403 },
    },
    {
      method: 'DELETE',
      route: '/v1/team/membership',
      label: 'sair da equipe: os gestores recebem 409; quem não está em equipe, 404 (a saída do técnico: test/team/leaving-and-closing)',
      // The technician column asks as the invitee (in no team yet): the matrix's technician stays in lab A for the rows after.
      request: (ctx, actor) => (actor === 'technician' || actor === undefined ? { token: f(ctx).invitee.token } : asManagers(ctx, actor)),
      expect: { anonymous: 401, member: 409, otherMember: 409, admin: 404, technician: 404 },
    },
    { method: 'DELETE', route: '/v1/team/notice', expect: { anonymous: 401, member: 204, otherMember: 204, admin: 204, technician: 204 } },
    {
      method: 'GET',
      route: '/v1/team/invitations/by-token/:token',
      label: 'o link é o segredo: quem ainda não tem conta vê o convite',
      params: (ctx) => ({ token: f(ctx).readToken }),
      expect: { anonymous: 200, member: 200, otherMember: 200, admin: 200, technician: 200 },
    },
    {
      method: 'POST',
      route: '/v1/team/invitations/by-token/:token/accept',
      label: 'só o e-mail convidado aceita; quem já está em uma equipe recebe 409',
      params: (ctx, actor) => ({ token: f(ctx).accept[column(actor)]! }),
      request: (ctx, actor) => (actor === 'member' ? { token: f(ctx).invitee.token } : asManagers(ctx, actor)),
      expect: { anonymous: 401, member: 200, otherMember: 403, admin: 403, technician: 409 },
    },
    {
      method: 'GET',
      route: '/v1/users/:id/team',
      label: 'a conta do gestor A: ele mesmo ou o admin',
      params: (ctx) => ({ id: f(ctx).managerA.id }),
      request: asManagers,
      expect: { anonymous: 401, member: 200, otherMember: 403, admin: 200, technician: 403 },
    },
  ],
};
