import { ObjectId } from 'mongodb';
import { createActor, startTestApp, type TestActor, type TestApp } from '../helpers/app';
import { COLLECTIONS } from '../helpers/collections';
import { catalogueFixture, createCategory, createVideo, makeSubscriber, storeDemoFiles } from '../helpers/catalogue';
import { readUntil, twoProcessesSharingRedis } from '../helpers/redis';

/**
 * Bodies kept for one member (#32, plugins/response-cache.ts, `readOwn` and the catalogue's
 * member layer): the member's own writes — progress, unlocks, their subscription — are seen by
 * their very next read, on this process and on another one sharing Redis; another member never
 * gets their body; and a kept answer with signed links never hands out a link past most of its life.
 */

interface Card {
  _id: string;
  locked: boolean;
  lockReason: string | null;
  progress: { positionSeconds: number } | null;
}
interface ProgressRow {
  videoId: string;
  positionSeconds: number;
}

const cardIn = async (testApp: TestApp, actor: TestActor, categoryId: string, videoId: string) => {
  const list = await testApp.call<{ data: Card[] }>('GET', '/v1/videos', { token: actor.token, query: { categoryId } });
  expect(list.status).toBe(200);
  return list.body.data.find((card) => card._id === videoId)!;
};
const progressOf = async (testApp: TestApp, actor: TestActor) => {
  const page = await testApp.call<{ data: ProgressRow[] }>('GET', '/v1/me/progress', { token: actor.token });
  expect(page.status).toBe(200);
  return page.body.data.map((row) => `${row.videoId}@${row.positionSeconds}`);
};
const profileOf = async (testApp: TestApp, actor: TestActor) => {
  const read = await testApp.call<{ _id: string; name: string; role: string }>('GET', `/v1/users/provider/${actor.account.uid}`, { token: actor.token });
  expect(read.status).toBe(200);
  return `${read.body._id} ${read.body.name} ${read.body.role}`;
};
const rename = async (testApp: TestApp, actor: TestActor, name: string) => {
  const renamed = await testApp.call('PATCH', `/v1/users/${actor.id}`, { token: actor.token, body: { name } });
  expect(renamed.status).toBe(200);
};
const report = async (testApp: TestApp, actor: TestActor, videoId: string, positionSeconds: number) => {
  const reported = await testApp.call('PUT', `/v1/me/progress/videos/${videoId}`, { token: actor.token, body: { positionSeconds, durationSeconds: 8 } });
  expect(reported.status).toBe(200);
};

describe("A member's kept bodies on one process", () => {
  const fixture = catalogueFixture({ title: 'Aula aberta' });

  test('When a member reports progress right after reading their progress and the list twice, then the very next reads show it', async () => {
    const { testApp, categoryId, video, members: [watcher] } = fixture;
    for (let read = 0; read < 2; read += 1) {
      expect(await progressOf(testApp, watcher)).toEqual([]);
      expect((await cardIn(testApp, watcher, categoryId, video._id)).progress).toBeNull();
    }
    await report(testApp, watcher, video._id, 3);
    expect(await progressOf(testApp, watcher)).toEqual([`${video._id}@3`]);
    expect((await cardIn(testApp, watcher, categoryId, video._id)).progress?.positionSeconds).toBe(3);
    await report(testApp, watcher, video._id, 5);
    expect(await progressOf(testApp, watcher)).toEqual([`${video._id}@5`]);
    expect((await cardIn(testApp, watcher, categoryId, video._id)).progress?.positionSeconds).toBe(5);
  });

  test('When a member\'s page sends the same read many times at once, then it is built once and every call gets it; a read after their next report gets the report', async () => {
    const { testApp, video, members: [watcher] } = fixture;
    await report(testApp, watcher, video._id, 7);
    // A build that takes a while (a busy database): the other calls arrive while it is under way.
    const repository = testApp.app.progressRepository;
    const listForUser = repository.listForUser.bind(repository);
    const builds = jest.spyOn(repository, 'listForUser').mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return listForUser(...args);
    });
    try {
      const pages = await Promise.all(Array.from({ length: 12 }, () => progressOf(testApp, watcher)));
      expect(pages).toEqual(Array(12).fill([`${video._id}@7`]));
      expect(builds).toHaveBeenCalledTimes(1);
      // A read started with the report's write under way may show either; every read after it shows the report.
      await Promise.all([progressOf(testApp, watcher), report(testApp, watcher, video._id, 8)]);
      const next = await Promise.all(Array.from({ length: 4 }, () => progressOf(testApp, watcher)));
      expect(next).toEqual(Array(4).fill([`${video._id}@8`]));
    } finally {
      builds.mockRestore();
    }
  });

  test('When two members read the same URLs in turn, then each gets their own progress and never the other one’s', async () => {
    const { testApp, categoryId, video, members: [watcher, neighbour] } = fixture;
    await report(testApp, watcher, video._id, 6);
    for (let round = 0; round < 2; round += 1) {
      expect(await progressOf(testApp, watcher)).toEqual([`${video._id}@6`]);
      expect(await progressOf(testApp, neighbour)).toEqual([]);
      expect((await cardIn(testApp, neighbour, categoryId, video._id)).progress).toBeNull();
      expect((await cardIn(testApp, watcher, categoryId, video._id)).progress?.positionSeconds).toBe(6);
    }
  });

  test('When a member unlocks a video with credits right after reading the list, then the next read shows it open', async () => {
    const { testApp, actors, categoryId, members: [watcher, neighbour] } = fixture;
    const paid = await createVideo(testApp, actors.admin, categoryId, { title: 'Aula paga', access: 'CREDITS' });
    // Credits are spent by subscribers.
    await makeSubscriber(testApp, neighbour, 5);
    expect((await cardIn(testApp, neighbour, categoryId, paid._id)).locked).toBe(true);
    expect((await cardIn(testApp, neighbour, categoryId, paid._id)).locked).toBe(true);
    const unlocked = await testApp.call('POST', '/v1/unlocks', { token: neighbour.token, body: { itemType: 'VIDEO', itemId: paid._id } });
    expect(unlocked.status).toBe(201);
    expect((await cardIn(testApp, neighbour, categoryId, paid._id)).locked).toBe(false);
    // The watcher, who read the same list, still sees it locked.
    expect((await cardIn(testApp, watcher, categoryId, paid._id)).locked).toBe(true);
  });

  test("When an admin pauses a member's subscription right after the member read it, then their next reads show it paused and the gate closed", async () => {
    const { testApp, actors, categoryId, members: [, neighbour] } = fixture;
    const subscriber = await createActor(testApp);
    await makeSubscriber(testApp, subscriber);
    const exclusive = await createVideo(testApp, actors.admin, categoryId, { title: 'Aula exclusiva', access: 'SUBSCRIBERS' });
    const subscription = await testApp.db.collection(COLLECTIONS.subscriptions).findOne({ userId: new ObjectId(subscriber.id) });
    const path = `/v1/subscriptions/${subscription!._id.toHexString()}`;
    for (let read = 0; read < 2; read += 1) {
      expect((await testApp.call<{ status: string }>('GET', path, { token: subscriber.token })).body.status).toBe('ACTIVE');
      expect((await cardIn(testApp, subscriber, categoryId, exclusive._id)).locked).toBe(false);
    }
    // Another member asking for it is refused, never served the kept body.
    expect((await testApp.call('GET', path, { token: neighbour.token })).status).toBe(403);
    const paused = await testApp.call('PATCH', '/v1/subscriptions/status', {
      token: actors.admin.token,
      body: { subscriptionId: subscription!._id.toHexString(), status: 'PAUSED', reason: 'Teste do cache' },
    });
    expect(paused.status).toBe(200);
    const after = await testApp.call<{ status: string; hasAccess: boolean }>('GET', path, { token: subscriber.token });
    expect([after.body.status, after.body.hasAccess]).toEqual(['PAUSED', false]);
    expect((await cardIn(testApp, subscriber, categoryId, exclusive._id)).lockReason).toBe('SUBSCRIPTION_REQUIRED');
  });
});

describe("A member's kept profile on one process", () => {
  const fixture = catalogueFixture({ title: 'Aula do perfil' });

  test('When a member renames themselves right after reading their profile twice, then the very next read shows the new name, and another member never gets it', async () => {
    const { testApp, members: [reader, neighbour] } = fixture;
    await rename(testApp, reader, 'Ana Leitora');
    await rename(testApp, neighbour, 'Bruno Vizinho');
    for (let read = 0; read < 2; read += 1) {
      expect(await profileOf(testApp, reader)).toBe(`${reader.id} Ana Leitora USER`);
      expect(await profileOf(testApp, neighbour)).toBe(`${neighbour.id} Bruno Vizinho USER`);
    }
    await rename(testApp, reader, 'Ana Renomeada');
    expect(await profileOf(testApp, reader)).toBe(`${reader.id} Ana Renomeada USER`);
    expect(await profileOf(testApp, neighbour)).toBe(`${neighbour.id} Bruno Vizinho USER`);
  });

  test("When an admin changes a member's role right after the member read their profile, then the member's next read shows the new role", async () => {
    const { testApp, actors } = fixture;
    const promoted = await createActor(testApp);
    expect(await profileOf(testApp, promoted)).toMatch(/ USER$/);
    expect(await profileOf(testApp, promoted)).toMatch(/ USER$/);
    const changed = await testApp.call('PATCH', `/v1/users/${promoted.id}`, { token: actors.admin.token, body: { role: 'ADMIN' } });
    expect(changed.status).toBe(200);
    expect(await profileOf(testApp, promoted)).toMatch(/ ADMIN$/);
  });
});

describe("The sign-in check's kept profile (users-repository: findByProviderId)", () => {
  const fixture = catalogueFixture({ title: 'Aula das permissões' });
  const adminList = (testApp: TestApp, actor: TestActor) => testApp.call('GET', '/v1/users', { token: actor.token }).then((answer) => answer.status);
  const setRole = async (testApp: TestApp, admin: TestActor, actor: TestActor, role: 'ADMIN' | 'USER') => {
    const changed = await testApp.call('PATCH', `/v1/users/${actor.id}`, { token: admin.token, body: { role } });
    expect(changed.status).toBe(200);
  };

  test("When an admin promotes a member right after the member's requests, then their very next request gets the admin's list, and after a demotion the next one is refused", async () => {
    const { testApp, actors } = fixture;
    const member = await createActor(testApp);
    expect([await adminList(testApp, member), await adminList(testApp, member)]).toEqual([403, 403]);
    await setRole(testApp, actors.admin, member, 'ADMIN');
    expect(await adminList(testApp, member)).toBe(200);
    expect(await adminList(testApp, member)).toBe(200);
    await setRole(testApp, actors.admin, member, 'USER');
    expect(await adminList(testApp, member)).toBe(403);
  });

  test('When a handler tries to change the profile the sign-in check kept, then it throws instead of changing what the next requests see', async () => {
    const { testApp, members: [reader] } = fixture;
    const first = await testApp.app.usersRepository.findByProviderId(reader.account.uid);
    const again = await testApp.app.usersRepository.findByProviderId(reader.account.uid);
    expect(again).toBe(first);
    expect(() => {
      (first as { role: string }).role = 'ADMIN';
    }).toThrow(TypeError);
    expect(() => {
      (first as { credits: { balance: number } }).credits.balance = 999;
    }).toThrow(TypeError);
    expect(await profileOf(testApp, reader)).toMatch(/ USER$/);
  });
});

describe('A kept answer with signed links (the club clock moves by hand)', () => {
  // Links expire at a whole second, so a fresh one has between TTL − 1 s and TTL: ≥ nine tenths from 10 s up.
  const TTL_SECONDS = 10;
  let clock = Date.UTC(2026, 10, 26, 12, 0, 0, 400);
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => new Date(clock), config: { fileUrlTtlSeconds: TTL_SECONDS } });
    await storeDemoFiles(testApp.app);
  });
  afterAll(() => testApp.close());

  test('When a subscriber rereads a video with its signed source over 3 s, then every link handed out still has at least nine tenths of its TTL left', async () => {
    const admin = await createActor(testApp, 'ADMIN');
    const subscriber = await createActor(testApp);
    await makeSubscriber(testApp, subscriber, 0, new Date(clock));
    const categoryId = (await createCategory(testApp, admin))._id;
    const video = await createVideo(testApp, admin, categoryId, { access: 'SUBSCRIBERS', publishedAt: new Date(clock - 60_000).toISOString() });
    const links: string[] = [];
    for (let step = 0; step < 20; step += 1) {
      const read = await testApp.call<{ source: { url: string; expiresAt: string } }>('GET', `/v1/videos/${video.slug}`, { token: subscriber.token });
      expect(read.status).toBe(200);
      expect(Date.parse(read.body.source.expiresAt) - clock).toBeGreaterThanOrEqual(0.9 * TTL_SECONDS * 1000);
      links.push(read.body.source.url);
      clock += 150;
    }
    // Kept between some reads (the same link again), renewed in time (one link per second of the clock at least).
    expect(new Set(links).size).toBeLessThan(links.length);
    expect(new Set(links).size).toBeGreaterThanOrEqual(3);
  });
});

describe("A member's kept bodies across two API processes with REDIS_URL", () => {
  const apps = twoProcessesSharingRedis();

  test('When a member reports progress on one process, then the other, which kept their progress page, shows it within milliseconds', async () => {
    const { first, second } = apps;
    const admin = await createActor(first, 'ADMIN');
    const member = await createActor(first);
    const categoryId = (await createCategory(first, admin))._id;
    const video = await createVideo(first, admin, categoryId);
    expect(await progressOf(second, member)).toEqual([]);
    expect(await progressOf(second, member)).toEqual([]);
    await report(first, member, video._id, 4);
    expect(await readUntil(() => progressOf(second, member), (rows) => rows.length > 0)).toEqual([`${video._id}@4`]);
  });

  test('When a member renames themselves on one process, then the other, which kept their profile, shows it within milliseconds', async () => {
    const { first, second } = apps;
    const member = await createActor(first);
    const before = await profileOf(second, member);
    expect(await profileOf(second, member)).toBe(before);
    await rename(first, member, 'Carla Replicada');
    expect(await readUntil(() => profileOf(second, member), (shown) => shown !== before)).toBe(`${member.id} Carla Replicada USER`);
  });

  test('When an admin demotes an admin on one process, then the other, whose sign-in check kept the profile, refuses their next admin requests within milliseconds', async () => {
    const { first, second } = apps;
    const admin = await createActor(first, 'ADMIN');
    const demoted = await createActor(first, 'ADMIN');
    const adminList = () => second.call('GET', '/v1/users', { token: demoted.token }).then((answer) => answer.status);
    expect([await adminList(), await adminList()]).toEqual([200, 200]);
    const changed = await first.call('PATCH', `/v1/users/${demoted.id}`, { token: admin.token, body: { role: 'USER' } });
    expect(changed.status).toBe(200);
    expect(await readUntil(adminList, (status) => status !== 200)).toBe(403);
  });
});
