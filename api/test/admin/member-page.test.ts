import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import { createActor, startTestApp, type TestActor, type TestApp } from '../helpers/app';
import { createCategory, createContent, createVideo, makeSubscriber, storeDemoFiles } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';

let t: TestApp;
let admin: TestActor;
let member: TestActor;

beforeAll(async () => {
  t = await startTestApp();
  [admin, member] = await Promise.all([createActor(t, 'ADMIN'), createActor(t)]);
  await storeDemoFiles(t.app);
});

afterAll(async () => {
  await t.close();
});

describe('GET /v1/users/{id}/unlocks (the admin\'s member page)', () => {
  test('When the admin opens a member, then their unlocks come newest first with the item titles, filtered by type on request', async () => {
    await makeSubscriber(t, member, 10);
    const category = await createCategory(t, admin);
    const content = await createContent(t, admin, category._id, { access: 'CREDITS', creditCost: 2 });
    const video = await createVideo(t, admin, category._id, { access: 'CREDITS', creditCost: 3 });
    for (const [itemType, itemId] of [['CONTENT', content._id], ['VIDEO', video._id]] as const) {
      const unlocked = await t.call('POST', '/v1/unlocks', { token: member.token, body: { itemType, itemId } });
      expect(unlocked.status).toBe(201);
    }
    const result = await t.call('GET', `/v1/users/${member.id}/unlocks`, { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.body.meta.total).toBe(2);
    expect(result.body.data.map((row: { itemType: string; title: string; credits: number }) => [row.itemType, row.title, row.credits]).sort()).toEqual([
      ['CONTENT', content.title, 2],
      ['VIDEO', video.title, 3],
    ]);
    const videosOnly = await t.call('GET', `/v1/users/${member.id}/unlocks`, { token: admin.token, query: { itemType: 'VIDEO' } });
    expect(videosOnly.body.data.map((row: { itemId: string }) => row.itemId)).toEqual([video._id]);
  });

  test('When the member is unknown, then 404; when a member asks, then 403', async () => {
    expectErrorShape(await t.call('GET', `/v1/users/${new ObjectId().toHexString()}/unlocks`, { token: admin.token }), 404);
    expectErrorShape(await t.call('GET', `/v1/users/${member.id}/unlocks`, { token: member.token }), 403);
  });
});

describe('GET /v1/users/{id}/progress (the admin\'s member page)', () => {
  test('When the admin opens a member, then the videos they started or finished come with title, duration and progress', async () => {
    const category = await createCategory(t, admin);
    const video = await createVideo(t, admin, category._id, { durationSeconds: 600 });
    await t.db.collection(COLLECTIONS.videoProgress).insertMany([
      { _id: new ObjectId(), userId: new ObjectId(member.id), videoId: new ObjectId(video._id), watchedSeconds: 600, finishedAt: new Date('2026-03-01T12:00:00.000Z') },
      { _id: new ObjectId(), userId: new ObjectId(admin.id), videoId: new ObjectId(video._id), watchedSeconds: 30, finishedAt: null },
    ]);
    const result = await t.call('GET', `/v1/users/${member.id}/progress`, { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      data: [{ videoId: video._id, title: video.title, durationSeconds: 600, watchedSeconds: 600, finishedAt: '2026-03-01T12:00:00.000Z' }],
      meta: { page: 1, limit: 10, total: 1, totalPages: 1 },
    });
    expectErrorShape(await t.call('GET', `/v1/users/${member.id}/progress`, { token: member.token }), 403);
  });
});
