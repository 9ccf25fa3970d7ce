import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import type { InvitationDocument, LaboratoryAccountDocument } from '../../src/modules/team/documents';
import { createActor, snapshotData, type TestActor } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { createCategory, createVideo, storeDemoFiles } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';
import { createAccount } from '../helpers/identity';
import { addTechnician, invite, labManager, tokenOf, type LabManager } from '../helpers/team';

/** /team, invitations and members (issue 16), over real HTTP with emulator tokens. */
let t: BillingTestApp;
let admin: TestActor;
let subscribersVideo: string;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  admin = await createActor(t, 'ADMIN');
  await storeDemoFiles(t.app);
  const category = await createCategory(t, admin);
  subscribersVideo = (await createVideo(t, admin, category._id, { access: 'SUBSCRIBERS' }))._id;
});

afterAll(async () => {
  await t.close();
});

/** A signed-up person (profile created) with a given e-mail. */
async function person(email?: string, name = 'Pessoa Convidada'): Promise<TestActor> {
  const account = await createAccount({ ...(email ? { email } : {}), displayName: name });
  const created = await t.call('POST', '/v1/users', { token: account.idToken, body: {} });
  return { account, token: account.idToken, id: created.body._id, profile: created.body };
}

const accept = (actor: TestActor, token: string) => t.call('POST', `/v1/team/invitations/by-token/${token}/accept`, { token: actor.token });
const canWatch = async (actor: TestActor) => {
  const video = await t.call('GET', `/v1/videos/${subscribersVideo}`, { token: actor.token });
  return video.body.locked === false;
};

describe('GET /team', () => {
  let lab: LabManager;
  beforeAll(async () => {
    lab = await labManager(t, t.plans.mensal, 3);
  });

  test('When the manager opens the team, then the account, wallet, members and pending invitations come back', async () => {
    const invited = await invite(t, lab.manager, 'Nova.Tecnica@Exemplo.com.br');
    const result = await t.call('GET', '/v1/team', { token: lab.manager.token });
    expect(result.status).toBe(200);
    expect(result.body.account).toMatchObject({
      name: 'Laboratório Análises Vida',
      cnpj: '11222333000181',
      seats: 3,
      seatsUsed: 1,
      subscriptionId: lab.subscriptionId,
      subscriptionStatus: 'ACTIVE',
      credits: { balance: 3 * t.plans.mensal.creditsPerCycle, used: 0 },
    });
    expect(result.body.members).toEqual([
      { userId: lab.manager.id, name: 'Gestora do Laboratório', email: lab.manager.account.email, role: 'MANAGER', joinedAt: expect.any(String) },
    ]);
    expect(result.body.invitations).toEqual([
      { id: invited.id, email: 'nova.tecnica@exemplo.com.br', status: 'PENDING', expiresAt: '2026-03-17T12:00:00.000Z', createdAt: expect.any(String) },
    ]);
  });

  test('When a member without an account opens the team, then 404 TEAM_NOT_FOUND in Portuguese', async () => {
    const member = await createActor(t);
    const result = await t.call('GET', '/v1/team', { token: member.token });
    expectErrorShape(result, 404);
    expect(result.body).toMatchObject({
      code: 'TEAM_NOT_FOUND',
      message: 'Você ainda não tem uma conta de laboratório. Assine um plano com mais de um assento.',
    });
  });

  test('When a technician opens the team or invites, then 403 TEAM_MANAGER_ONLY', async () => {
    const technician = await addTechnician(t, lab.manager);
    const result = await t.call('GET', '/v1/team', { token: technician.token });
    expectErrorShape(result, 403);
    expect(result.body).toMatchObject({ code: 'TEAM_MANAGER_ONLY', message: 'Apenas o gestor do laboratório pode ver a equipe.' });
    const inviting = await t.call('POST', '/v1/team/invitations', { token: technician.token, body: { email: 'outra@exemplo.com.br' } });
    expectErrorShape(inviting, 403);
  });

  test('When another lab manager opens the team, then only their own laboratory comes back', async () => {
    const other = await labManager(t, t.plans.mensal, 2);
    const result = await t.call('GET', '/v1/team', { token: other.manager.token });
    expect(result.body.account.subscriptionId).toBe(other.subscriptionId);
    expect(result.body.members.map((member: { userId: string }) => member.userId)).toEqual([other.manager.id]);
  });
});

describe('Invitations', () => {
  test('When the manager invites, then 201 with a link to the web app holding a token that is stored only as its hash', async () => {
    const lab = await labManager(t, t.plans.mensal, 2);
    const result = await t.call('POST', '/v1/team/invitations', { token: lab.manager.token, body: { email: ' Ana@Exemplo.com.br ' } });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ email: 'ana@exemplo.com.br', status: 'PENDING' });
    expect(result.body.inviteUrl).toMatch(new RegExp(`^${t.app.config.publicWebUrl}/equipe/convite/[A-Za-z0-9_-]{40,}$`));
    const token = tokenOf(result.body.inviteUrl);
    const stored = await t.db.collection<InvitationDocument>(COLLECTIONS.invitations).findOne({ _id: new ObjectId(result.body.id) });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const again = await t.call('POST', '/v1/team/invitations', { token: lab.manager.token, body: { email: 'ana@exemplo.com.br' } });
    expectErrorShape(again, 409);
    expect(again.body.code).toBe('ALREADY_INVITED');
    const self = await t.call('POST', '/v1/team/invitations', { token: lab.manager.token, body: { email: lab.manager.account.email } });
    expect(self.body.code).toBe('ALREADY_INVITED');

    // No token: the person who opens the link may not have an account yet.
    const preview = await t.call('GET', `/v1/team/invitations/by-token/${token}`);
    expect(preview.body).toEqual({
      inviterName: lab.manager.profile.name,
      laboratoryName: 'Laboratório Análises Vida',
      email: 'ana@exemplo.com.br',
      expiresAt: stored!.expiresAt.toISOString(),
      status: 'PENDING',
    });
  });

  test('When every seat is taken, then a new invitation is 409 SEATS_FULL; pending invitations may outnumber free seats', async () => {
    const lab = await labManager(t, t.plans.mensal, 2);
    await invite(t, lab.manager, 'primeira@exemplo.com.br');
    await invite(t, lab.manager, 'segunda@exemplo.com.br');
    await addTechnician(t, lab.manager);
    const full = await t.call('POST', '/v1/team/invitations', { token: lab.manager.token, body: { email: 'terceira@exemplo.com.br' } });
    expectErrorShape(full, 409);
    expect(full.body).toMatchObject({ code: 'SEATS_FULL', message: 'Todos os assentos estão ocupados. Remova alguém ou compre mais assentos.' });
  });

  test('When an e-mail is malformed, then 400 and nothing is stored', async () => {
    const lab = await labManager(t, t.plans.mensal, 2);
    const before = await snapshotData(t.db);
    for (const email of ['sem-arroba', 'a@b', '', 'x'.repeat(300) + '@exemplo.com']) {
      expectErrorShape(await t.call('POST', '/v1/team/invitations', { token: lab.manager.token, body: { email } }), 400);
    }
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When the manager revokes an invitation, then 204 and the link no longer works; another lab manager gets 404 for it', async () => {
    const lab = await labManager(t, t.plans.mensal, 2);
    const other = await labManager(t, t.plans.mensal, 2);
    const invitee = await person();
    const invitation = await invite(t, lab.manager, invitee.account.email);

    const foreign = await t.call('DELETE', `/v1/team/invitations/${invitation.id}`, { token: other.manager.token });
    expectErrorShape(foreign, 404);
    expect(foreign.body.code).toBe('INVITATION_NOT_FOUND');

    expect((await t.call('DELETE', `/v1/team/invitations/${invitation.id}`, { token: lab.manager.token })).status).toBe(204);
    const used = await accept(invitee, invitation.token);
    expectErrorShape(used, 409);
    expect(used.body).toMatchObject({ code: 'INVITATION_USED', message: 'Este convite já foi usado ou cancelado.' });
    expect((await t.call('GET', '/v1/team', { token: lab.manager.token })).body.invitations).toEqual([]);
  });

  test('When an unknown token is read or accepted, then 404 INVITATION_NOT_FOUND', async () => {
    const member = await createActor(t);
    const token = 'x'.repeat(43);
    for (const result of [
      await t.call('GET', `/v1/team/invitations/by-token/${token}`, { token: member.token }),
      await accept(member, token),
    ]) {
      expectErrorShape(result, 404);
      expect(result.body).toMatchObject({ code: 'INVITATION_NOT_FOUND', message: 'Convite não encontrado.' });
    }
  });
});

describe('Accepting an invitation', () => {
  test('When the invited person accepts, then they take a seat and get access like a subscriber, once', async () => {
    const lab = await labManager(t, t.plans.mensal, 3);
    const invitee = await person(undefined, 'Bruna Técnica');
    const invitation = await invite(t, lab.manager, invitee.account.email.toUpperCase());
    expect(await canWatch(invitee)).toBe(false);

    const accepted = await accept(invitee, invitation.token);
    expect(accepted.status).toBe(200);
    const account = await t.db.collection<LaboratoryAccountDocument>(COLLECTIONS.laboratoryAccounts).findOne({ managerId: new ObjectId(lab.manager.id) });
    expect(accepted.body).toEqual({ accountId: account!._id.toHexString(), laboratoryName: 'Laboratório Análises Vida' });

    const profile = await t.call('GET', `/v1/users/provider/${invitee.account.uid}`, { token: invitee.token });
    expect(profile.body).toMatchObject({
      hasActiveSubscription: true,
      subscription: null,
      team: { accountId: account!._id.toHexString(), role: 'TECHNICIAN', laboratoryName: 'Laboratório Análises Vida' },
    });
    expect(await canWatch(invitee)).toBe(true);
    expect(await t.app.entitlements.hasActiveSubscription(new ObjectId(invitee.id))).toBe(true);

    const team = await t.call('GET', '/v1/team', { token: lab.manager.token });
    expect(team.body.account.seatsUsed).toBe(2);
    expect(team.body.members).toContainEqual(expect.objectContaining({ userId: invitee.id, name: 'Bruna Técnica', role: 'TECHNICIAN' }));
    expect(team.body.invitations).toEqual([]);

    const twice = await accept(invitee, invitation.token);
    expectErrorShape(twice, 409);
    expect(twice.body.code).toBe('INVITATION_USED');
  });

  test('When someone signed in with another e-mail accepts, then 403 INVITATION_EMAIL_MISMATCH and no seat is taken', async () => {
    const lab = await labManager(t, t.plans.mensal, 3);
    const invitation = await invite(t, lab.manager, 'convidada@exemplo.com.br');
    const stranger = await person();
    const result = await accept(stranger, invitation.token);
    expectErrorShape(result, 403);
    expect(result.body).toMatchObject({
      code: 'INVITATION_EMAIL_MISMATCH',
      message: 'Este convite foi enviado para outro e-mail. Entre com o e-mail convidado.',
    });
    expect((await t.call('GET', '/v1/team', { token: lab.manager.token })).body.account.seatsUsed).toBe(1);
    expect(await canWatch(stranger)).toBe(false);
  });

  test('When the invitation is more than 7 days old, then 410 INVITATION_EXPIRED', async () => {
    t.clock.set('2026-03-10T12:00:00.000Z');
    const lab = await labManager(t, t.plans.mensal, 3);
    const invitee = await person();
    const invitation = await invite(t, lab.manager, invitee.account.email);
    t.clock.set('2026-03-17T12:00:01.000Z');
    const result = await accept(invitee, invitation.token);
    expectErrorShape(result, 410);
    expect(result.body).toMatchObject({ code: 'INVITATION_EXPIRED', message: 'Este convite expirou. Peça um novo convite ao gestor do laboratório.' });
    // An expired invitation does not block a new one to the same e-mail.
    const renewed = await t.call('POST', '/v1/team/invitations', { token: lab.manager.token, body: { email: invitee.account.email } });
    expect(renewed.status).toBe(201);
    expect((await accept(invitee, tokenOf(renewed.body.inviteUrl))).status).toBe(200);
    t.clock.set('2026-03-10T12:00:00.000Z');
  });

  test('When the person already sits in another team, then 409 ALREADY_ON_TEAM', async () => {
    const first = await labManager(t, t.plans.mensal, 2);
    const second = await labManager(t, t.plans.mensal, 2);
    const technician = await addTechnician(t, first.manager);
    const invitation = await invite(t, second.manager, technician.account.email);
    const result = await accept(technician, invitation.token);
    expectErrorShape(result, 409);
    expect(result.body.code).toBe('ALREADY_ON_TEAM');
    // A manager cannot join another team either.
    const managerInvite = await invite(t, second.manager, first.manager.account.email);
    expect((await accept(first.manager, managerInvite.token)).body.code).toBe('ALREADY_ON_TEAM');
  });

  test('When the last seat was taken by someone else, then 409 SEATS_FULL in Portuguese', async () => {
    const lab = await labManager(t, t.plans.mensal, 2);
    const [one, two] = [await person(), await person()];
    const first = await invite(t, lab.manager, one.account.email);
    const second = await invite(t, lab.manager, two.account.email);
    expect((await accept(one, first.token)).status).toBe(200);
    const late = await accept(two, second.token);
    expectErrorShape(late, 409);
    expect(late.body).toMatchObject({ code: 'SEATS_FULL', message: 'Todos os assentos do laboratório já estão ocupados.' });
    expect(await canWatch(two)).toBe(false);
  });

  test('When the subscription is not paid yet, then the technician joins but has access only once it is paid', async () => {
    const lab = await labManager(t, t.plans.mensal, 2, { pay: false });
    const technician = await addTechnician(t, lab.manager);
    expect(await canWatch(technician)).toBe(false);
    const { payOpenInvoice } = await import('../helpers/team');
    await payOpenInvoice(t, lab.manager, lab.subscriptionId);
    expect(await canWatch(technician)).toBe(true);
    expect((await t.call('GET', `/v1/users/${technician.id}`, { token: technician.token })).body.hasActiveSubscription).toBe(true);
    // Canceled now: every seat loses access with the subscription.
    await t.call('PATCH', `/v1/subscriptions/cancel/${lab.subscriptionId}`, { token: lab.manager.token });
    expect(await canWatch(technician)).toBe(false);
    expect((await t.call('GET', `/v1/users/${technician.id}`, { token: technician.token })).body.hasActiveSubscription).toBe(false);
  });
});

describe('Removing a member', () => {
  test('When the manager removes a technician, then access ends at once and the seat is free again', async () => {
    const lab = await labManager(t, t.plans.mensal, 2);
    const technician = await addTechnician(t, lab.manager);
    expect(await canWatch(technician)).toBe(true);

    const removed = await t.call('DELETE', `/v1/team/members/${technician.id}`, { token: lab.manager.token });
    expect(removed.status).toBe(204);
    expect(await canWatch(technician)).toBe(false);
    const profile = await t.call('GET', `/v1/users/${technician.id}`, { token: technician.token });
    expect(profile.body).toMatchObject({ hasActiveSubscription: false, team: null });
    const team = await t.call('GET', '/v1/team', { token: lab.manager.token });
    expect(team.body.account.seatsUsed).toBe(1);
    expect(team.body.members.map((member: { userId: string }) => member.userId)).toEqual([lab.manager.id]);

    const again = await t.call('DELETE', `/v1/team/members/${technician.id}`, { token: lab.manager.token });
    expectErrorShape(again, 404);
    expect(again.body.code).toBe('MEMBER_NOT_FOUND');
  });

  test('When the manager removes themself, then 400; another lab manager removing a technician gets 404 and nothing changes', async () => {
    const lab = await labManager(t, t.plans.mensal, 2);
    const other = await labManager(t, t.plans.mensal, 2);
    const technician = await addTechnician(t, lab.manager);
    const self = await t.call('DELETE', `/v1/team/members/${lab.manager.id}`, { token: lab.manager.token });
    expectErrorShape(self, 400);
    expect(self.body).toMatchObject({ code: 'CANNOT_REMOVE_MANAGER', message: 'O gestor não pode remover a si mesmo da equipe.' });
    const before = await snapshotData(t.db);
    const foreign = await t.call('DELETE', `/v1/team/members/${technician.id}`, { token: other.manager.token });
    expectErrorShape(foreign, 404);
    expect(await snapshotData(t.db)).toBe(before);
    expect(await canWatch(technician)).toBe(true);
  });
});

describe('LGPD', () => {
  test('When a technician deletes their account, then their seat is freed and the training record keeps the stay without their e-mail or id', async () => {
    const lab = await labManager(t, t.plans.mensal, 2);
    const technician = await addTechnician(t, lab.manager, 'Diana Exclui');
    const deleted = await t.call('DELETE', '/v1/me', { token: technician.token, body: { confirmation: 'EXCLUIR' } });
    expect(deleted.status).toBe(204);
    const team = await t.call('GET', '/v1/team', { token: lab.manager.token });
    expect(team.body.account.seatsUsed).toBe(1);
    expect(team.body.members).toHaveLength(1);
    const record = await t.call('GET', '/v1/team/training', { token: lab.manager.token });
    // The stay is kept under the erasure id (LGPD: nothing maps back to the person).
    expect(record.body.people).toContainEqual(expect.objectContaining({ userId: expect.not.stringMatching(technician.id), name: 'Conta excluída', email: '', seatStatus: 'REMOVED' }));
    expect(JSON.stringify(record.body)).not.toContain(technician.account.email);
    expect(JSON.stringify(record.body)).not.toContain(technician.id);
  });
});

describe('GET /users/{id}/team', () => {
  test('When an admin or the manager asks, then the account with its people; a technician sees the account without the people', async () => {
    const lab = await labManager(t, t.plans.mensal, 3);
    const technician = await addTechnician(t, lab.manager, 'Carla Técnica');
    const byAdmin = await t.call('GET', `/v1/users/${lab.manager.id}/team`, { token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ role: 'MANAGER', account: { seats: 3, seatsUsed: 2, name: 'Laboratório Análises Vida' } });
    expect(byAdmin.body.members).toHaveLength(2);
    const ofTechnician = await t.call('GET', `/v1/users/${technician.id}/team`, { token: admin.token });
    expect(ofTechnician.body).toMatchObject({ role: 'TECHNICIAN', account: { id: byAdmin.body.account.id } });
    const self = await t.call('GET', `/v1/users/${technician.id}/team`, { token: technician.token });
    expect(self.body).toMatchObject({ role: 'TECHNICIAN', members: [] });
    const none = await t.call('GET', `/v1/users/${admin.id}/team`, { token: admin.token });
    expectErrorShape(none, 404);
    expect(none.body.code).toBe('TEAM_NOT_FOUND');
  });
});
