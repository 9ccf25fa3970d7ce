import { ObjectId } from 'mongodb';
import { createActor, createActors, snapshotData, startTestApp, type Actors, type TestActor, type TestApp } from '../helpers/app';
import { createCategory, createVideo, DEMO_VIDEO_KEY, makeSubscriber, storeDemoFiles } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';
import { PROGRESS_REPORTS_PER_MINUTE } from '../../src/modules/progress/me-routes';

/**
 * Progress as the player reports it: the resume position, the seconds really watched (a seek ahead
 * is not watching), "finished" at 90 %, only for members who may watch, and a per-member limit.
 */
let testApp: TestApp;
let actors: Actors;
let subscriber: TestActor;
let categoryId: string;
let nowMs = Date.parse('2026-03-10T12:00:00Z');
const tick = (seconds: number) => {
  nowMs += seconds * 1000;
};

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date(nowMs) });
  await storeDemoFiles(testApp.app);
  actors = await createActors(testApp);
  subscriber = await createActor(testApp);
  await makeSubscriber(testApp, subscriber, 10, new Date(nowMs));
  categoryId = (await createCategory(testApp, actors.admin))._id;
});

afterAll(() => testApp.close());

const SOURCES = {
  file: { kind: 'file', url: DEMO_VIDEO_KEY },
  youtube: { kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/progresso' },
  vimeo: { kind: 'vimeo', url: 'https://player.vimeo.com/video/123456' },
} as const;

const newVideo = (overrides: Record<string, unknown> = {}) =>
  createVideo(testApp, actors.admin, categoryId, { durationSeconds: 100, source: SOURCES.youtube, ...overrides });

const report = (actor: TestActor | undefined, videoId: string, positionSeconds: number, durationSeconds = 100) =>
  testApp.call('PUT', `/v1/me/progress/videos/${videoId}`, { token: actor?.token, body: { positionSeconds, durationSeconds } });

/** Plays from `from` to `to` as a real player would: a report every 10 s of video and of clock. */
async function play(actor: TestActor, videoId: string, from: number, to: number) {
  let last = await report(actor, videoId, from);
  for (let position = from + 10; position <= to; position += 10) {
    tick(10);
    last = await report(actor, videoId, position);
  }
  return last;
}

describe('PUT /v1/me/progress/videos/{id}', () => {
  test('When a member seeks ahead, then only what the clock allows since the last report counts as watched', async () => {
    const member = await createActor(testApp);
    const video = await newVideo();
    expect((await report(member, video._id, 0)).body).toMatchObject({ positionSeconds: 0, watchedSeconds: 0, percent: 0 });
    tick(10);
    const jumped = await report(member, video._id, 80);
    // 10 s of clock at up to 2× speed plus 3 s of tolerance: 23 s, not 80.
    expect(jumped.body).toMatchObject({ positionSeconds: 80, watchedSeconds: 23, finished: false });
    tick(5);
    const after = await report(member, video._id, 85);
    expect(after.body).toMatchObject({ positionSeconds: 85, watchedSeconds: 28, percent: 28 });
  });

  test('When a member watches the same part twice, then it counts once', async () => {
    const member = await createActor(testApp);
    const video = await newVideo();
    await play(member, video._id, 0, 30);
    tick(2);
    await report(member, video._id, 0);
    const again = await play(member, video._id, 0, 30);
    expect(again.body).toMatchObject({ watchedSeconds: 30, percent: 30, positionSeconds: 30 });
  });

  test('When a member reports a big jump right after the previous report, then almost nothing is credited', async () => {
    const member = await createActor(testApp);
    const video = await newVideo();
    await report(member, video._id, 0);
    const jumped = await report(member, video._id, 99);
    expect(jumped.body.watchedSeconds).toBe(3);
  });

  for (const [kind, source] of Object.entries(SOURCES)) {
    test(`When a ${kind} video is watched to 89 %, then it is not finished; at 90 % it is, and stays so`, async () => {
      const member = await createActor(testApp);
      const video = await newVideo({ source });
      await play(member, video._id, 0, 80);
      tick(9);
      const at89 = await report(member, video._id, 89);
      expect(at89.body).toMatchObject({ watchedSeconds: 89, percent: 89, finished: false, finishedAt: null });
      tick(1);
      const at90 = await report(member, video._id, 90);
      expect(at90.body).toMatchObject({ watchedSeconds: 90, percent: 90, finished: true, finishedAt: new Date(nowMs).toISOString() });
      tick(3);
      const rewound = await report(member, video._id, 5);
      expect(rewound.body).toMatchObject({ positionSeconds: 5, finished: true, finishedAt: at90.body.finishedAt });
    });
  }

  test('When a later report claims a shorter duration, then the longest one still decides when it is finished', async () => {
    const member = await createActor(testApp);
    const video = await newVideo();
    await report(member, video._id, 0, 100);
    tick(30);
    const shrunk = await report(member, video._id, 55, 60);
    expect(shrunk.body).toMatchObject({ durationSeconds: 100, watchedSeconds: 55, finished: false });
  });

  test('When the same report is sent twice, then the second changes nothing the member sees', async () => {
    const member = await createActor(testApp);
    const video = await newVideo();
    await play(member, video._id, 0, 20);
    const first = await report(member, video._id, 20);
    tick(4);
    const second = await report(member, video._id, 20);
    expect(second.status).toBe(200);
    const { lastWatchedAt: _first, ...firstRest } = first.body;
    const { lastWatchedAt: _second, ...secondRest } = second.body;
    expect(secondRest).toEqual(firstRest);
    const list = await testApp.call('GET', '/v1/me/progress', { token: member.token });
    expect(list.body.meta.total).toBe(1);
  });

  test('When the player sends several reports at once, then one document keeps them all and none is lost', async () => {
    const member = await createActor(testApp);
    const video = await newVideo();
    await report(member, video._id, 0);
    tick(10);
    const answers = await Promise.all([10, 12, 14, 16].map((position) => report(member, video._id, position)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const stored = await testApp.db.collection('videoProgress').find({ videoId: new ObjectId(video._id) }).toArray();
    expect(stored).toHaveLength(1);
    // Every report was applied on top of the previous one (revision 1 + 4), whatever their order.
    expect(stored[0]!.revision).toBe(5);
    expect(stored[0]!.watchedSeconds).toBeGreaterThanOrEqual(10);
  });

  test('When nobody is signed in, then 401 and nothing is stored', async () => {
    const video = await newVideo({ access: 'FREE' });
    const before = await snapshotData(testApp.db);
    expectErrorShape(await report(undefined, video._id, 10), 401);
    expect(await snapshotData(testApp.db)).toBe(before);
  });

  test('When a member without a subscription reports on a subscribers video, then 403 SUBSCRIPTION_REQUIRED and nothing is stored', async () => {
    const member = await createActor(testApp);
    const video = await newVideo({ access: 'SUBSCRIBERS' });
    const before = await snapshotData(testApp.db);
    const refused = await report(member, video._id, 10);
    expectErrorShape(refused, 403);
    expect(refused.body.code).toBe('SUBSCRIPTION_REQUIRED');
    expect(await snapshotData(testApp.db)).toBe(before);
    expect((await report(subscriber, video._id, 10)).status).toBe(200);
  });

  test('When a subscriber reports on a credits video before unlocking it, then 403 UNLOCK_REQUIRED; after unlocking, 200', async () => {
    const video = await newVideo({ access: 'CREDITS', creditCost: 1 });
    const refused = await report(subscriber, video._id, 10);
    expectErrorShape(refused, 403);
    expect(refused.body.code).toBe('UNLOCK_REQUIRED');
    const unlocked = await testApp.call('POST', '/v1/unlocks', { token: subscriber.token, body: { itemType: 'VIDEO', itemId: video._id } });
    expect(unlocked.status).toBe(201);
    expect((await report(subscriber, video._id, 10)).status).toBe(200);
  });

  test('When the video is a draft or does not exist, then a member gets 404', async () => {
    const member = await createActor(testApp);
    const draft = await newVideo({ status: 'DRAFT' });
    expectErrorShape(await report(member, draft._id, 1), 404);
    expectErrorShape(await report(member, '0123456789abcdef01234567', 1), 404);
  });

  test('When the reported duration is far shorter than the video, then 400 says the durations do not match', async () => {
    const member = await createActor(testApp);
    const video = await newVideo();
    const refused = await report(member, video._id, 5, 10);
    expectErrorShape(refused, 400);
    expect(refused.body.message).toContain('não confere');
  });

  test(`When a member sends more than ${PROGRESS_REPORTS_PER_MINUTE} reports in a minute, then 429 in Portuguese; another member is not affected`, async () => {
    const member = await createActor(testApp);
    const other = await createActor(testApp);
    const video = await newVideo();
    for (let index = 0; index < PROGRESS_REPORTS_PER_MINUTE; index += 1) {
      expect((await report(member, video._id, index)).status).toBe(200);
    }
    const limited = await report(member, video._id, 40);
    expectErrorShape(limited, 429);
    expect(limited.body.code).toBe('PROGRESS_RATE_LIMITED');
    expect(limited.body.message).toMatch(/Tente novamente em \d+ s/);
    expect((await report(other, video._id, 1)).status).toBe(200);
  });
});

describe('Progress and the member\'s data (LGPD export and deletion)', () => {
  test('When the member\'s data is exported and then erased, then the repository lists every video and erases only theirs', async () => {
    const member = await createActor(testApp);
    const [first, second] = [await newVideo(), await newVideo()];
    await play(member, first._id, 0, 20);
    await play(member, second._id, 0, 10);
    await play(actors.otherMember, first._id, 0, 10);
    const userId = new ObjectId(member.id);
    const exported = await testApp.app.progressRepository.allForUser(userId);
    expect(exported.map((entry) => entry.videoId.toHexString()).sort()).toEqual([first._id, second._id].sort());
    expect(await testApp.app.progressRepository.deleteAllForUser(userId)).toBe(2);
    expect((await testApp.call('GET', '/v1/me/progress', { token: member.token })).body.meta.total).toBe(0);
    expect((await testApp.call('GET', '/v1/me/progress', { token: actors.otherMember.token })).body.data.map((entry: { videoId: string }) => entry.videoId)).toContain(first._id);
  });
});

describe('GET /v1/me/progress and the video card', () => {
  test('When a member watched two videos and finished one, then the list is newest first, filters by status and carries the cards', async () => {
    const member = await createActor(testApp);
    const finished = await newVideo({ title: 'Vídeo concluído' });
    const started = await newVideo({ title: 'Vídeo começado' });
    await play(member, finished._id, 0, 100);
    tick(60);
    await play(member, started._id, 0, 20);

    const all = await testApp.call('GET', '/v1/me/progress', { token: member.token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((entry: { videoId: string }) => entry.videoId)).toEqual([started._id, finished._id]);
    expect(all.body.data[0]).toMatchObject({
      positionSeconds: 20,
      watchedSeconds: 20,
      percent: 20,
      finished: false,
      video: { _id: started._id, title: 'Vídeo começado', locked: false, progress: { percent: 20 } },
    });
    expect(all.body.data[0].video.source).toBeUndefined();

    const continuing = await testApp.call('GET', '/v1/me/progress', { token: member.token, query: { status: 'IN_PROGRESS' } });
    expect(continuing.body.data.map((entry: { videoId: string }) => entry.videoId)).toEqual([started._id]);
    const done = await testApp.call('GET', '/v1/me/progress', { token: member.token, query: { status: 'FINISHED' } });
    expect(done.body.data).toHaveLength(1);
    expect(done.body.data[0]).toMatchObject({ videoId: finished._id, finished: true, percent: 100 });

    const other = await testApp.call('GET', '/v1/me/progress', { token: actors.otherMember.token });
    expect(other.body.data.map((entry: { videoId: string }) => entry.videoId)).not.toContain(started._id);
  });

  test('When a member opens a video they started, then the answer says where to resume; anonymous gets progress null', async () => {
    const member = await createActor(testApp);
    const video = await newVideo();
    await play(member, video._id, 0, 40);
    tick(3);
    await report(member, video._id, 42);
    const opened = await testApp.call('GET', `/v1/videos/${video.slug}`, { token: member.token });
    expect(opened.body.progress).toMatchObject({ positionSeconds: 42, percent: 42, finished: false });
    const anonymous = await testApp.call('GET', `/v1/videos/${video.slug}`);
    expect(anonymous.body.progress).toBeNull();
  });
});
