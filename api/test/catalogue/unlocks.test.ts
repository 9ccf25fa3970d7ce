import { createActor, createActors, startTestApp, type Actors, type TestApp } from '../helpers/app';
import { createCategory, createContent, createVideo, creditsOf, makeSubscriber, setCredits, storeDemoFiles } from '../helpers/catalogue';

let testApp: TestApp;
let actors: Actors;
let categoryId: string;
let nowMs = Date.parse('2026-03-10T12:00:00Z');

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date(nowMs) });
  await storeDemoFiles(testApp.app);
  actors = await createActors(testApp);
  categoryId = (await createCategory(testApp, actors.admin))._id;
});

afterAll(() => testApp.close());

async function newSubscriber(credits: number) {
  const actor = await createActor(testApp);
  await makeSubscriber(testApp, actor, credits);
  return actor;
}

const unlock = (token: string, itemType: 'CONTENT' | 'VIDEO', itemId: string) =>
  testApp.call('POST', '/v1/unlocks', { token, body: { itemType, itemId } });

describe('POST /v1/unlocks', () => {
  test('When a subscriber unlocks a CREDITS content, then balance drops by creditCost, used grows, and the body opens', async () => {
    const member = await newSubscriber(5);
    const content = await createContent(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 3 });
    const result = await unlock(member.token, 'CONTENT', content._id);
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ charged: true, credits: { balance: 2, used: 3 }, unlock: { itemType: 'CONTENT', itemId: content._id, credits: 3 } });
    expect(await creditsOf(testApp, member)).toEqual({ balance: 2, used: 3 });
    const opened = await testApp.call('GET', `/v1/contents/${content._id}`, { token: member.token });
    expect(opened.body).toMatchObject({ locked: false, unlocked: true, body: content.body });
  });

  test('When the same item is unlocked twice, then the second answer is 200 and nothing more is charged', async () => {
    const member = await newSubscriber(5);
    const video = await createVideo(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 2 });
    expect((await unlock(member.token, 'VIDEO', video._id)).status).toBe(201);
    const again = await unlock(member.token, 'VIDEO', video._id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ charged: false, credits: { balance: 3, used: 2 } });
    expect(await creditsOf(testApp, member)).toEqual({ balance: 3, used: 2 });
  });

  test('When the balance is too low, then 409 says the balance and nothing changes', async () => {
    const member = await newSubscriber(1);
    const content = await createContent(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 4 });
    const result = await unlock(member.token, 'CONTENT', content._id);
    expect(result.status).toBe(409);
    expect(result.body).toEqual({
      statusCode: 409,
      code: 'INSUFFICIENT_CREDITS',
      message: 'Créditos insuficientes: seu saldo é de 1 crédito(s) e este item custa 4.',
    });
    expect(await creditsOf(testApp, member)).toEqual({ balance: 1, used: 0 });
    expect(await testApp.db.collection('unlocks').countDocuments({ userId: member.profile._id })).toBe(0);
  });

  test('When the member has no ACTIVE subscription, then 403 even with credits', async () => {
    await setCredits(testApp, actors.member, 10);
    const content = await createContent(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 1 });
    const result = await unlock(actors.member.token, 'CONTENT', content._id);
    expect(result.status).toBe(403);
    expect(result.body.code).toBe('SUBSCRIPTION_REQUIRED');
    expect(await creditsOf(testApp, actors.member)).toEqual({ balance: 10, used: 0 });
  });

  test('When the item is FREE or for subscribers, then 409: there is nothing to unlock', async () => {
    const member = await newSubscriber(10);
    for (const access of ['FREE', 'SUBSCRIBERS']) {
      const content = await createContent(testApp, actors.admin, categoryId, { access });
      const result = await unlock(member.token, 'CONTENT', content._id);
      expect(result.status).toBe(409);
      expect(result.body.code).toBe('NOT_UNLOCKABLE');
    }
    expect(await creditsOf(testApp, member)).toEqual({ balance: 10, used: 0 });
  });

  test('When the item is a draft, unknown, or of the other type, then 404', async () => {
    const member = await newSubscriber(10);
    const draft = await createContent(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 1, status: 'DRAFT' });
    expect((await unlock(member.token, 'CONTENT', draft._id)).status).toBe(404);
    expect((await unlock(member.token, 'CONTENT', '0123456789abcdef01234567')).status).toBe(404);
    const content = await createContent(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 1 });
    expect((await unlock(member.token, 'VIDEO', content._id)).status).toBe(404);
    expect(await creditsOf(testApp, member)).toEqual({ balance: 10, used: 0 });
  });

  test('When 10 unlocks of one item arrive at once, then it is charged exactly once and all 10 answer success', async () => {
    const member = await newSubscriber(20);
    const content = await createContent(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, () => unlock(member.token, 'CONTENT', content._id)));
    expect(results.map((result) => result.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(results.filter((result) => result.body.charged)).toHaveLength(1);
    expect(await creditsOf(testApp, member)).toEqual({ balance: 17, used: 3 });
    expect(await testApp.db.collection('unlocks').countDocuments({ userId: member.profile._id })).toBe(1);
  });

  test('When 10 unlocks of different items arrive at once with credits for 3, then exactly 3 succeed', async () => {
    const member = await newSubscriber(6);
    const contents = await Promise.all(
      Array.from({ length: 10 }, () => createContent(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 2 })),
    );
    const results = await Promise.all(contents.map((content) => unlock(member.token, 'CONTENT', content._id)));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    for (const refused of results.filter((result) => result.status === 409)) expect(refused.body.code).toBe('INSUFFICIENT_CREDITS');
    expect(await creditsOf(testApp, member)).toEqual({ balance: 0, used: 6 });
    expect(await testApp.db.collection('unlocks').countDocuments({ userId: member.profile._id })).toBe(3);
  });
});

describe('GET /v1/me/unlocks ("meus conteúdos")', () => {
  test('When a member unlocked contents and videos, then they are listed newest first with their cards, only their own', async () => {
    const member = await newSubscriber(10);
    const other = await newSubscriber(10);
    const content = await createContent(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 1 });
    const video = await createVideo(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 1 });
    const hidden = await createContent(testApp, actors.admin, categoryId, { access: 'CREDITS', creditCost: 1 });
    await unlock(member.token, 'CONTENT', content._id);
    nowMs += 60_000;
    await unlock(member.token, 'VIDEO', video._id);
    nowMs += 60_000;
    await unlock(member.token, 'CONTENT', hidden._id);
    await unlock(other.token, 'CONTENT', content._id);
    // An unpublished item stays in the history, without a card.
    await testApp.call('PATCH', `/v1/contents/${hidden._id}`, { token: actors.admin.token, body: { status: 'DRAFT' } });

    const result = await testApp.call('GET', '/v1/me/unlocks', { token: member.token });
    expect(result.status).toBe(200);
    expect(result.body.meta).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(result.body.data.map((entry: { itemType: string; itemId: string }) => [entry.itemType, entry.itemId])).toEqual([
      ['CONTENT', hidden._id],
      ['VIDEO', video._id],
      ['CONTENT', content._id],
    ]);
    expect(result.body.data[0]).toMatchObject({ content: null, video: null, credits: 1 });
    expect(result.body.data[1]).toMatchObject({ content: null, video: { _id: video._id, title: video.title, locked: false, unlocked: true } });
    expect(result.body.data[2]).toMatchObject({ video: null, content: { _id: content._id, locked: false, unlocked: true } });
    expect(result.body.data[2].content).not.toHaveProperty('body');

    const videosOnly = await testApp.call('GET', '/v1/me/unlocks', { token: member.token, query: { itemType: 'VIDEO' } });
    expect(videosOnly.body.data.map((entry: { itemId: string }) => entry.itemId)).toEqual([video._id]);
  });
});
