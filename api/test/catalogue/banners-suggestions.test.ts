import { createActors, startTestApp, type Actors, type TestApp } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';

let testApp: TestApp;
let actors: Actors;
let nowMs = Date.parse('2026-03-10T12:00:00Z');
const DAY = 24 * 3600_000;
const iso = (offsetMs: number) => new Date(nowMs + offsetMs).toISOString();

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date(nowMs) });
  actors = await createActors(testApp);
});

afterAll(() => testApp.close());

const createBanner = async (body: Record<string, unknown>) => {
  const result = await testApp.call('POST', '/v1/banners', { token: actors.admin.token, body: { imageUrl: 'https://cdn.exemplo.com.br/b.png', ...body } });
  expect(result.status).toBe(201);
  return result.body as { _id: string; title: string };
};
const liveTitles = async () => (await testApp.call('GET', '/v1/banners')).body.data.map((banner: { title: string }) => banner.title);

describe('Banners (injectable clock)', () => {
  test('When banners have windows, then the public list shows only active ones inside them, in order', async () => {
    await createBanner({ title: 'Sempre', order: 2 });
    await createBanner({ title: 'Agendado', order: 0, startsAt: iso(DAY), endsAt: iso(3 * DAY) });
    await createBanner({ title: 'Vencido', order: 1, startsAt: iso(-3 * DAY), endsAt: iso(-DAY) });
    await createBanner({ title: 'Inativo', order: 3, active: false });
    await createBanner({ title: 'Termina amanhã', order: 1, endsAt: iso(DAY) });

    expect(await liveTitles()).toEqual(['Termina amanhã', 'Sempre']);
    nowMs += DAY; // startsAt is inclusive, endsAt exclusive
    expect(await liveTitles()).toEqual(['Agendado', 'Sempre']);
    nowMs += 2 * DAY;
    expect(await liveTitles()).toEqual(['Sempre']);

    const all = await testApp.call('GET', '/v1/banners/all', { token: actors.admin.token, query: { limit: 100 } });
    expect(all.body.meta.total).toBe(5);
    expect(all.body.data.find((banner: { title: string }) => banner.title === 'Inativo')).toMatchObject({ live: false, active: false });
  });

  test('When the window ends before it starts, then 400; an image that is neither https nor ours is refused', async () => {
    const bad = await testApp.call('POST', '/v1/banners', {
      token: actors.admin.token,
      body: { title: 'Janela', imageUrl: 'https://cdn.exemplo.com.br/b.png', startsAt: iso(DAY), endsAt: iso(0) },
    });
    expectErrorShape(bad, 400);
    expect(bad.body.code).toBe('INVALID_WINDOW');
    const script = await testApp.call('POST', '/v1/banners', { token: actors.admin.token, body: { title: 'X', imageUrl: 'javascript:alert(1)' } });
    expectErrorShape(script, 400);
  });

  test('When banners are reordered, then the public list follows; unknown ids are a 400', async () => {
    await testApp.db.collection('banners').deleteMany({});
    const a = await createBanner({ title: 'Banner A' });
    const b = await createBanner({ title: 'Banner B' });
    const c = await createBanner({ title: 'Banner C' });
    expect(await liveTitles()).toEqual(['Banner A', 'Banner B', 'Banner C']);
    const reordered = await testApp.call('PATCH', '/v1/banners/order', { token: actors.admin.token, body: { ids: [c._id, a._id] } });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.map((banner: { title: string; order: number }) => [banner.title, banner.order])).toEqual([['Banner C', 0], ['Banner A', 1], ['Banner B', 2]]);
    expect(await liveTitles()).toEqual(['Banner C', 'Banner A', 'Banner B']);
    const unknown = await testApp.call('PATCH', '/v1/banners/order', { token: actors.admin.token, body: { ids: [b._id, '0123456789abcdef01234567'] } });
    expectErrorShape(unknown, 400);
    expect(await liveTitles()).toEqual(['Banner C', 'Banner A', 'Banner B']);
  });
});

describe('Suggestions', () => {
  const send = (token: string, body: Record<string, unknown>) => testApp.call('POST', '/v1/suggestions', { token, body });

  test('When a member sends one, then it is NEW and admins see it with its author; the limits are checked', async () => {
    const sent = await send(actors.member.token, { subject: 'Mais vídeos', message: 'Vídeos sobre urinálise, por favor.' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'NEW', userId: actors.member.id, user: { _id: actors.member.id } });
    expectErrorShape(await send(actors.member.token, { subject: 'Oi', message: 'Curta demais' }), 400);
    expectErrorShape(await send(actors.member.token, { subject: 'Assunto', message: 'curta' }), 400);
    expectErrorShape(await send(actors.member.token, { subject: 'Assunto', message: 'x'.repeat(2001) }), 400);
    const list = await testApp.call('GET', '/v1/suggestions', { token: actors.admin.token });
    expect(list.body.data[0]).toMatchObject({ _id: sent.body._id, subject: 'Mais vídeos', user: { email: actors.member.profile.email } });
  });

  test('When a member sends more than 5 in an hour, then 429 until the hour has passed', async () => {
    for (let index = 0; index < 5; index += 1) {
      expect((await send(actors.otherMember.token, { subject: `Ideia ${index}`, message: 'Uma ideia para o clube.' })).status).toBe(201);
    }
    const limited = await send(actors.otherMember.token, { subject: 'Mais uma', message: 'Uma ideia para o clube.' });
    expectErrorShape(limited, 429);
    expect(limited.body.code).toBe('SUGGESTION_RATE_LIMITED');
    expect((await send(actors.member.token, { subject: 'De outro membro', message: 'Não é afetado pelo limite.' })).status).toBe(201);
    nowMs += 3600_000;
    expect((await send(actors.otherMember.token, { subject: 'Depois', message: 'Uma hora depois.' })).status).toBe(201);
  });

  test('When an admin moves a suggestion NEW → READ → DONE, then each step sticks and going back is a 409', async () => {
    const sent = await send(actors.member.token, { subject: 'Status', message: 'Para testar o fluxo.' });
    const patch = (status: string) => testApp.call('PATCH', `/v1/suggestions/${sent.body._id}`, { token: actors.admin.token, body: { status } });
    expect((await patch('READ')).body.status).toBe('READ');
    const onlyRead = await testApp.call('GET', '/v1/suggestions', { token: actors.admin.token, query: { status: 'READ' } });
    expect(onlyRead.body.data.map((item: { _id: string }) => item._id)).toEqual([sent.body._id]);
    expect((await patch('DONE')).body.status).toBe('DONE');
    const back = await patch('READ');
    expectErrorShape(back, 409);
    expect(back.body.code).toBe('INVALID_STATUS_CHANGE');
    expectErrorShape(await testApp.call('PATCH', '/v1/suggestions/0123456789abcdef01234567', { token: actors.admin.token, body: { status: 'READ' } }), 404);
    expectErrorShape(await testApp.call('PATCH', `/v1/suggestions/${sent.body._id}`, { token: actors.admin.token, body: { status: 'NEW' } }), 400);
  });
});
