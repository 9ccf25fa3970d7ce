import { createActor, type Actors, type TestActor, type TestApp } from '../helpers/app';
import { catalogueFixture, createCategory, createContent, createVideo, makeSubscriber, type ApiItem } from '../helpers/catalogue';
import { readUntil, twoProcessesSharingRedis } from '../helpers/redis';

/**
 * Catalogue reads keep their serialized answers (#32, plugins/response-cache.ts): a write is
 * seen by the very next read, on this process and on another one sharing Redis, and a caller
 * never gets a body made for another tier or another member's progress.
 */

interface Card {
  _id: string;
  title: string;
  locked: boolean;
  lockReason: string | null;
  progress: { positionSeconds: number } | null;
}

const titlesIn = async (testApp: TestApp, path: string, categoryId: string, token?: string) => {
  const list = await testApp.call<{ data: Card[] }>('GET', path, { token, query: { categoryId } });
  expect(list.status).toBe(200);
  return list.body.data.map((card) => card.title).sort();
};

describe('Response cache on one process', () => {
  const fixture = catalogueFixture({ access: 'SUBSCRIBERS', title: 'Aula exclusiva' });
  let testApp: TestApp;
  let actors: Actors;
  let subscriber: TestActor;
  let watcher: TestActor;
  let categoryId: string;
  let video: ApiItem;
  beforeAll(async () => {
    ({ testApp, actors, categoryId, video } = fixture);
    [subscriber, watcher] = fixture.members;
    await makeSubscriber(testApp, subscriber);
  });

  test('When an admin creates, renames or deletes an item right after a read, then the next read shows it at once', async () => {
    const member = actors.member.token;
    expect(await titlesIn(testApp, '/v1/videos', categoryId, member)).toEqual(['Aula exclusiva']);
    const content = await createContent(testApp, actors.admin, categoryId, { title: 'Conteúdo novo' });
    expect(await titlesIn(testApp, '/v1/contents', categoryId, member)).toEqual(['Conteúdo novo']);
    const renamed = await testApp.call('PATCH', `/v1/contents/${content._id}`, { token: actors.admin.token, body: { title: 'Conteúdo renomeado' } });
    expect(renamed.status).toBe(200);
    expect(await titlesIn(testApp, '/v1/contents', categoryId, member)).toEqual(['Conteúdo renomeado']);
    expect((await testApp.call('GET', `/v1/contents/${content._id}`, { token: member })).body.title).toBe('Conteúdo renomeado');
    expect((await testApp.call('DELETE', `/v1/contents/${content._id}`, { token: actors.admin.token })).status).toBe(204);
    expect(await titlesIn(testApp, '/v1/contents', categoryId, member)).toEqual([]);
    expect((await testApp.call('GET', `/v1/contents/${content._id}`, { token: member })).status).toBe(404);
  });

  test('When a category or a banner changes right after a read, then the next read shows it', async () => {
    const names = async () => (await testApp.call<{ data: { _id: string; name: string }[] }>('GET', '/v1/categories')).body.data;
    expect((await names()).some((category) => category._id === categoryId)).toBe(true);
    const renamed = await testApp.call('PATCH', `/v1/categories/${categoryId}`, { token: actors.admin.token, body: { name: 'Hematologia renomeada' } });
    expect(renamed.status).toBe(200);
    expect((await names()).find((category) => category._id === categoryId)?.name).toBe('Hematologia renomeada');

    const live = async () => (await testApp.call<{ data: { title: string }[] }>('GET', '/v1/banners')).body.data.map((banner) => banner.title);
    const before = await live();
    const banner = await testApp.call('POST', '/v1/banners', {
      token: actors.admin.token,
      body: { title: 'Banner recém-criado', imageUrl: 'https://cdn.exemplo.com.br/banner.png', linkUrl: null, active: true },
    });
    expect(banner.status).toBe(201);
    expect(await live()).toEqual([...before, 'Banner recém-criado']);
  });

  // Kept as the string while every character fits in one byte (accents only), as bytes once one does
  // not (a dash, curly quotes, an emoji): both kinds, in that order (the second name joins the list).
  test.each([
    ['only accents', 'Calibração e verificação de balanças (µg, ºC)', false],
    ['accents, dashes and an emoji', 'Calibração — ensaios “críticos” 🔬', true],
  ])('When a list with %s is read again from the kept answer, then it is the same UTF-8 bytes, length and JSON type as the first', async (_kind, name, wide) => {
    const created = await testApp.call('POST', '/v1/categories', { token: actors.admin.token, body: { name } });
    expect(created.status).toBe(201);
    const read = async () => {
      const response = await fetch(`${testApp.url}/v1/categories?limit=100`);
      const bytes = Buffer.from(await response.arrayBuffer());
      return { status: response.status, type: response.headers.get('content-type'), length: Number(response.headers.get('content-length')), bytes };
    };
    const first = await read();
    const kept = await read();
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/json; charset=utf-8');
    expect(first.length).toBe(first.bytes.length);
    expect(kept).toEqual(first);
    const text = kept.bytes.toString('utf8');
    expect(/[\u0100-\uffff]/.test(text)).toBe(wide);
    const names = (JSON.parse(text) as { data: { name: string }[] }).data.map((category) => category.name);
    expect(names).toContain(name);
  });

  test("When a profile is created or changed right after the admin's list was read, then the next read of the list shows it", async () => {
    const members = async () =>
      (await testApp.call<{ data: { _id: string; name: string }[] }>('GET', '/v1/users', { token: actors.admin.token, query: { role: 'USER', limit: 100 } })).body.data;
    const before = await members();
    const newcomer = await createActor(testApp, 'USER', 'Pessoa Recém-Chegada');
    const after = await members();
    expect(after.map((user) => user._id).sort()).toEqual([...before.map((user) => user._id), newcomer.id].sort());
    const renamed = await testApp.call('PATCH', `/v1/users/${newcomer.id}`, { token: newcomer.token, body: { name: 'Pessoa Renomeada' } });
    expect(renamed.status).toBe(200);
    expect((await members()).find((user) => user._id === newcomer.id)?.name).toBe('Pessoa Renomeada');
  });

  test('When a visitor, a member and a subscriber read the same list in turn, then each gets the gate of their own tier', async () => {
    const lockOf = async (token?: string) => {
      const list = await testApp.call<{ data: Card[] }>('GET', '/v1/videos', { token, query: { categoryId } });
      const card = list.body.data.find((item) => item._id === video._id)!;
      return card.lockReason;
    };
    // Twice each, in an order where a body kept for the previous caller would be wrong for the next.
    for (let round = 0; round < 2; round += 1) {
      expect(await lockOf(subscriber.token)).toBeNull();
      expect(await lockOf(actors.member.token)).toBe('SUBSCRIPTION_REQUIRED');
      expect(await lockOf(undefined)).toBe('SIGN_IN_REQUIRED');
      expect(await lockOf(subscriber.token)).toBeNull();
    }
  });

  test('When a member has watched part of a video, then the list shows their progress and never to another member of the same tier', async () => {
    const progressOf = async (actor: TestActor) => {
      const list = await testApp.call<{ data: Card[] }>('GET', '/v1/videos', { token: actor.token, query: { categoryId } });
      return list.body.data.find((item) => item._id === video._id)!.progress?.positionSeconds ?? null;
    };
    const free = await createVideo(testApp, actors.admin, categoryId, { title: 'Aula aberta' });
    const freeProgress = async (actor: TestActor) => {
      const list = await testApp.call<{ data: Card[] }>('GET', '/v1/videos', { token: actor.token, query: { categoryId } });
      return list.body.data.find((item) => item._id === free._id)!.progress?.positionSeconds ?? null;
    };
    expect([await freeProgress(watcher), await freeProgress(actors.member)]).toEqual([null, null]);
    const reported = await testApp.call('PUT', `/v1/me/progress/videos/${free._id}`, { token: watcher.token, body: { positionSeconds: 4, durationSeconds: 8 } });
    expect(reported.status).toBe(200);
    expect(await freeProgress(watcher)).toBe(4);
    expect(await freeProgress(actors.member)).toBeNull();
    expect(await progressOf(actors.member)).toBeNull();
    const search = await testApp.call<{ data: { video: Card | null }[] }>('GET', '/v1/search', { token: watcher.token, query: { q: 'Aula aberta' } });
    expect(search.body.data.find((hit) => hit.video?._id === free._id)?.video?.progress?.positionSeconds).toBe(4);
    const otherSearch = await testApp.call<{ data: { video: Card | null }[] }>('GET', '/v1/search', { token: actors.member.token, query: { q: 'Aula aberta' } });
    expect(otherSearch.body.data.find((hit) => hit.video?._id === free._id)?.video?.progress).toBeNull();
  });
});

describe('Response cache across two API processes with REDIS_URL', () => {
  const apps = twoProcessesSharingRedis();

  test('When an admin writes on one process, then a read on the other, which kept the list, shows the change within milliseconds (Redis pub/sub), well before the 1 s bound', async () => {
    const { first, second } = apps;
    const admin = await createActor(first, 'ADMIN');
    const member = await createActor(first);
    const categoryId = (await createCategory(first, admin))._id;
    await createContent(first, admin, categoryId, { title: 'Primeiro' });
    expect(await titlesIn(second, '/v1/contents', categoryId, member.token)).toEqual(['Primeiro']);
    expect(await titlesIn(second, '/v1/contents', categoryId, member.token)).toEqual(['Primeiro']);
    await createContent(first, admin, categoryId, { title: 'Segundo' });
    const titles = await readUntil(() => titlesIn(second, '/v1/contents', categoryId, member.token), (read) => read.length === 2);
    expect(titles).toEqual(['Primeiro', 'Segundo']);
  });
});
