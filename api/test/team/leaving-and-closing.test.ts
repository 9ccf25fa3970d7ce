import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import type { LaboratoryAccountDocument, SeatDocument } from '../../src/modules/team/documents';
import { createActor, snapshotData, type TestActor } from '../helpers/app';
import { expectInvariants, startBillingApp, type BillingTestApp } from '../helpers/billing';
import { createCategory, createVideo, storeDemoFiles } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';
import { createAccount } from '../helpers/identity';
import { addTechnician, giveLaboratory, invite, labManager, payOpenInvoice } from '../helpers/team';

/**
 * Issue 25, item 9: a technician can leave a team ("Sair da equipe"), and a laboratory whose
 * manager deletes their account ends cleanly: every seat freed, the technicians told on their
 * next visit, the laboratory's training record kept.
 */
let t: BillingTestApp;
let subscribersVideo: string;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  const admin = await createActor(t, 'ADMIN');
  await storeDemoFiles(t.app);
  const category = await createCategory(t, admin);
  subscribersVideo = (await createVideo(t, admin, category._id, { access: 'SUBSCRIBERS' }))._id;
});

afterAll(async () => {
  await t.close();
});

const profileOf = async (actor: TestActor) => (await t.call('GET', `/v1/users/${actor.id}`, { token: actor.token })).body;
const canWatch = async (actor: TestActor) => (await t.call('GET', `/v1/videos/${subscribersVideo}`, { token: actor.token })).body.locked === false;

/** A technician invited by another laboratory accepts: the proof they are free to join one. */
async function joinsAnotherLaboratory(technician: TestActor) {
  const other = await labManager(t, t.plans.mensal, 2);
  const { token } = await invite(t, other.manager, technician.account.email);
  return t.call('POST', `/v1/team/invitations/by-token/${token}/accept`, { token: technician.token });
}

describe('Sair da equipe', () => {
  test('When a technician leaves the team, then the seat is freed, access ends, the profile has no team and another laboratory can take them', async () => {
    const lab = await labManager(t, t.plans.mensal, 3);
    const technician = await addTechnician(t, lab.manager, 'Técnica que Sai');
    expect(await canWatch(technician)).toBe(true);

    const left = await t.call('DELETE', '/v1/team/membership', { token: technician.token });
    expect(left.status).toBe(204);
    expect(await profileOf(technician)).toMatchObject({ team: null, hasActiveSubscription: false });
    expect(await canWatch(technician)).toBe(false);
    const team = await t.call('GET', '/v1/team', { token: lab.manager.token });
    expect(team.body.account.seatsUsed).toBe(1);
    // The training record keeps the stay, marked as gone.
    const record = await t.call('GET', '/v1/team/training', { token: lab.manager.token });
    expect(record.body.people).toContainEqual(expect.objectContaining({ userId: technician.id, seatStatus: 'REMOVED' }));

    expect((await joinsAnotherLaboratory(technician)).status).toBe(200);
    await expectInvariants(t, 'técnica saiu');
  });

  test('When the manager asks to leave their own team, then 409 MANAGER_CANNOT_LEAVE in Portuguese and nothing changes', async () => {
    const lab = await labManager(t, t.plans.mensal, 2);
    const before = await snapshotData(t.db);
    const refused = await t.call('DELETE', '/v1/team/membership', { token: lab.manager.token });
    expectErrorShape(refused, 409);
    expect(refused.body).toMatchObject({
      code: 'MANAGER_CANNOT_LEAVE',
      message: 'Quem gerencia o laboratório não sai da equipe: cancele a assinatura do laboratório ou exclua sua conta para encerrá-la.',
    });
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When someone outside any team asks to leave, then 404 TEAM_NOT_FOUND', async () => {
    const member = await createActor(t);
    const refused = await t.call('DELETE', '/v1/team/membership', { token: member.token });
    expectErrorShape(refused, 404);
    expect(refused.body.code).toBe('TEAM_NOT_FOUND');
  });
});

describe('A manager deletes their account', () => {
  test('When a manager with three seats and an accepted technician deletes their account, then the team ends: seats freed, the technician told on the next visit and free to join or buy, the record kept', async () => {
    const lab = await labManager(t, t.plans.mensal, 3);
    const technician = await addTechnician(t, lab.manager, 'Técnico Deixado');
    const pendingPerson = await createAccount({ displayName: 'Convidada Pendente' });
    const pending = await invite(t, lab.manager, pendingPerson.email);
    const accountId = (await t.call('GET', '/v1/team', { token: lab.manager.token })).body.account.id as string;

    expect((await t.call('DELETE', '/v1/me', { token: lab.manager.token, body: { confirmation: 'EXCLUIR' } })).status).toBe(204);

    // Next visit: no team, no access through it, and a notice saying what happened.
    const profile = await profileOf(technician);
    expect(profile).toMatchObject({ team: null, hasActiveSubscription: false, teamNotice: { laboratoryName: 'Laboratório Análises Vida' } });
    expect(profile.teamNotice.message).toBe(
      'A conta de equipe do Laboratório Análises Vida foi encerrada porque a pessoa que a gerenciava excluiu a conta. Seu acesso pela equipe terminou; seu progresso, seus certificados e o que você desbloqueou continuam seus.',
    );
    const ofTechnician = await t.call('GET', `/v1/users/${technician.id}/team`, { token: technician.token });
    expectErrorShape(ofTechnician, 404);

    // Every seat freed and the laboratory's record kept (the stays, with their dates).
    const account = await t.db.collection<LaboratoryAccountDocument>(COLLECTIONS.laboratoryAccounts).findOne({ _id: new ObjectId(accountId) });
    expect(account).toMatchObject({ seatsUsed: 0, closedReason: 'MANAGER_DELETED' });
    const seats = await t.db.collection<SeatDocument>(COLLECTIONS.seats).find({ accountId: new ObjectId(accountId) }).sort({ joinedAt: 1, _id: 1 }).toArray();
    expect(seats.map((seat) => [seat.role, seat.status])).toEqual([
      ['MANAGER', 'REMOVED'],
      ['TECHNICIAN', 'REMOVED'],
    ]);
    // The closed laboratory takes nobody in.
    const created = await t.call('POST', '/v1/users', { token: pendingPerson.idToken, body: {} });
    expect(created.status).toBe(201);
    const late = await t.call('POST', `/v1/team/invitations/by-token/${pending.token}/accept`, { token: pendingPerson.idToken });
    expectErrorShape(late, 409);
    expect(late.body.code).toBe('INVITATION_USED');

    // Seen: the notice goes away.
    expect((await t.call('DELETE', '/v1/team/notice', { token: technician.token })).status).toBe(204);
    expect((await profileOf(technician)).teamNotice).toBeNull();

    // Free to buy seats for their own laboratory.
    await giveLaboratory(t, technician);
    const bought = await t.call('POST', '/v1/subscriptions', { token: technician.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX', seats: 2 } });
    expect(bought.status).toBe(201);
    await payOpenInvoice(t, technician, bought.body._id);
    expect(await canWatch(technician)).toBe(true);
    await expectInvariants(t, 'gestora excluiu a conta');
  });

  test('When that technician is invited by another laboratory instead, then they can accept', async () => {
    const lab = await labManager(t, t.plans.mensal, 2);
    const technician = await addTechnician(t, lab.manager);
    expect((await t.call('DELETE', '/v1/me', { token: lab.manager.token, body: { confirmation: 'EXCLUIR' } })).status).toBe(204);
    expect((await joinsAnotherLaboratory(technician)).status).toBe(200);
  });
});
