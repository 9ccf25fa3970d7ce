import { createActor, type TestActor } from '../helpers/app';
import { expectInvariants, startBillingApp, userDoc, type BillingTestApp } from '../helpers/billing';
import { createCategory, createContent, createVideo, storeDemoFiles } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';
import { addTechnician, labManager, type LabManager } from '../helpers/team';

/** The laboratory wallet (issue 16): credits × seats to the manager, spent by anyone on the team, each item charged once. */
let t: BillingTestApp;
let admin: TestActor;
let categoryId: string;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  admin = await createActor(t, 'ADMIN');
  await storeDemoFiles(t.app);
  categoryId = (await createCategory(t, admin))._id;
});

afterAll(async () => {
  await t.close();
});

const creditVideo = async (creditCost: number) => (await createVideo(t, admin, categoryId, { access: 'CREDITS', creditCost }))._id;
const unlock = (actor: TestActor, itemId: string, itemType = 'VIDEO') => t.call('POST', '/v1/unlocks', { token: actor.token, body: { itemType, itemId } });
const isOpen = async (actor: TestActor, videoId: string) => (await t.call('GET', `/v1/videos/${videoId}`, { token: actor.token })).body.locked === false;

describe('Laboratory wallet', () => {
  let lab: LabManager;
  let first: TestActor;
  let second: TestActor;
  const wallet = () => userDoc(t, lab.manager.id).then((user) => user.credits);

  beforeAll(async () => {
    lab = await labManager(t, t.plans.mensal, 3);
    first = await addTechnician(t, lab.manager, 'Primeira Técnica');
    second = await addTechnician(t, lab.manager, 'Segundo Técnico');
  });

  test('When the lab pays a cycle for 3 seats, then the wallet holds the plan credits × 3 and /team shows it', async () => {
    expect(await wallet()).toEqual({ balance: 3 * t.plans.mensal.creditsPerCycle, used: 0 });
    const team = await t.call('GET', '/v1/team', { token: lab.manager.token });
    expect(team.body.account.credits).toEqual({ balance: 3 * t.plans.mensal.creditsPerCycle, used: 0 });
  });

  test('When a technician unlocks an item, then the lab wallet pays and the whole team has it, charged once', async () => {
    const videoId = await creditVideo(2);
    const before = await wallet();
    expect(await isOpen(second, videoId)).toBe(false);

    const unlocked = await unlock(first, videoId);
    expect(unlocked.status).toBe(201);
    expect(unlocked.body.credits).toEqual({ balance: before.balance - 2, used: before.used + 2 });
    expect(await wallet()).toEqual({ balance: before.balance - 2, used: before.used + 2 });
    expect((await userDoc(t, first.id)).credits).toEqual({ balance: 0, used: 0 });

    // Everyone on the team sees it open; unlocking again charges nothing.
    for (const member of [second, lab.manager, first]) expect(await isOpen(member, videoId)).toBe(true);
    const again = await unlock(second, videoId);
    expect(again.status).toBe(200);
    expect(await wallet()).toEqual({ balance: before.balance - 2, used: before.used + 2 });
    await expectInvariants(t, 'desbloqueio da equipe');
  });

  test('When three people of the team unlock the same item at the same moment, then it is charged once', async () => {
    const contentId = (await createContent(t, admin, categoryId, { access: 'CREDITS', creditCost: 1 }))._id;
    const before = await wallet();
    const results = await Promise.all([first, second, lab.manager].map((member) => unlock(member, contentId, 'CONTENT')));
    expect(results.map((result) => result.status).sort()).toEqual([200, 200, 201]);
    expect(await wallet()).toEqual({ balance: before.balance - 1, used: before.used + 1 });
    await expectInvariants(t, 'desbloqueios simultâneos');
  });

  test('When the wallet cannot pay, then 409 INSUFFICIENT_CREDITS names the laboratory balance and nothing is spent', async () => {
    const before = await wallet();
    const videoId = await creditVideo(before.balance + 1);
    const result = await unlock(second, videoId);
    expectErrorShape(result, 409);
    expect(result.body.code).toBe('INSUFFICIENT_CREDITS');
    expect(result.body.message).toBe(`Créditos insuficientes: o saldo do laboratório é de ${before.balance} crédito(s) e este item custa ${before.balance + 1}.`);
    expect(await wallet()).toEqual(before);
    expect(await isOpen(second, videoId)).toBe(false);
  });

  test('When a technician is removed, then they can no longer spend the lab wallet', async () => {
    const other = await labManager(t, t.plans.mensal, 2);
    const leaving = await addTechnician(t, other.manager);
    const videoId = await creditVideo(1);
    const before = (await userDoc(t, other.manager.id)).credits;
    expect((await t.call('DELETE', `/v1/team/members/${leaving.id}`, { token: other.manager.token })).status).toBe(204);
    const refused = await unlock(leaving, videoId);
    expectErrorShape(refused, 403);
    expect(refused.body.code).toBe('SUBSCRIPTION_REQUIRED');
    expect((await userDoc(t, other.manager.id)).credits).toEqual(before);
    await expectInvariants(t, 'remoção');
  });
});
