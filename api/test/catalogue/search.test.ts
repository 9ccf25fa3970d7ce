import { createActor, createActors, startTestApp, type Actors, type TestActor, type TestApp } from '../helpers/app';
import { createCategory, createContent, createVideo, makeSubscriber, storeDemoFiles } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';

/**
 * GET /v1/search: contents, videos and transcript cues; accents and case ignored; ranked;
 * paginated; literal; locked items found as cards without body, source or spoken text.
 */
let testApp: TestApp;
let actors: Actors;
let subscriber: TestActor;
let categoryId: string;
let nowMs = Date.parse('2026-05-01T12:00:00Z');

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date(nowMs) });
  await storeDemoFiles(testApp.app);
  actors = await createActors(testApp);
  subscriber = await createActor(testApp);
  await makeSubscriber(testApp, subscriber, 0, new Date(nowMs));
  categoryId = (await createCategory(testApp, actors.admin))._id;
});

afterAll(() => testApp.close());

const content = (overrides: Record<string, unknown>) => {
  nowMs += 60_000;
  return createContent(testApp, actors.admin, categoryId, overrides);
};
const video = (overrides: Record<string, unknown>) => {
  nowMs += 60_000;
  return createVideo(testApp, actors.admin, categoryId, overrides);
};
const search = (q: string, token?: string, query: Record<string, string | number> = {}) =>
  testApp.call('GET', '/v1/search', { token, query: { q, ...query } });
const ids = (result: { body: { data: { content: { _id: string } | null; video: { _id: string } | null }[] } }) =>
  result.body.data.map((hit) => (hit.content ?? hit.video)!._id);

describe('GET /v1/search', () => {
  test('When searching without accents or in capitals, then "calibração" is found all the same', async () => {
    const item = await content({ title: 'Calibração de micropipetas', summary: 'Passo a passo.' });
    for (const q of ['calibracao micropipetas', 'CALIBRAÇÃO MICROPIPETAS', 'Calibracão']) {
      expect(ids(await search(q))).toContain(item._id);
    }
  });

  test('When a word is in a title, a summary and a body, then the title comes first, then the summary, then the body', async () => {
    const inBody = await content({ title: 'Terceiro', summary: 'Nada aqui.', body: 'Fala de hemocentrifugação no corpo.' });
    const inSummary = await content({ title: 'Segundo', summary: 'Sobre hemocentrifugação.' });
    const inTitle = await video({ title: 'Hemocentrifugação na prática', description: 'Vídeo.' });
    const result = await search('hemocentrifugacao');
    expect(ids(result)).toEqual([inTitle._id, inSummary._id, inBody._id]);
    expect(ids(await search('hemocentrifugacao', undefined, { type: 'VIDEO' }))).toEqual([inTitle._id]);
    expect(ids(await search('hemocentrifugacao', undefined, { type: 'CONTENT' }))).toEqual([inSummary._id, inBody._id]);
    expect(result.body.data.map((hit: { matchedIn: string[] }) => hit.matchedIn)).toEqual([['title'], ['summary'], ['body']]);
  });

  test('When more of the words match, then that item ranks above one that matches fewer, even in its title', async () => {
    const oneWordInTitle = await content({ title: 'Gasometria venosa', summary: 'Resumo.' });
    const bothWordsInBody = await content({ title: 'Outro assunto', summary: 'Resumo.', body: 'A gasometria arterial exige heparina liofilizada.' });
    expect(ids(await search('gasometria liofilizada'))).toEqual([bothWordsInBody._id, oneWordInTitle._id]);
  });

  test('When a word is said only in a transcript, then the video is found with the second to open it at', async () => {
    const spoken = await video({ title: 'Rotina da bancada', access: 'FREE' });
    const saved = await testApp.call('PUT', `/v1/videos/${spoken._id}/transcript`, {
      token: actors.admin.token,
      body: { content: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nBom dia\n\n00:00:42.500 --> 00:00:45.000\nAgora o tubo de citrato trissódico\n' },
    });
    expect(saved.status).toBe(200);
    const found = await search('TRISSODICO', actors.member.token);
    expect(found.body.data).toEqual([
      expect.objectContaining({
        type: 'VIDEO',
        matchedIn: ['transcript'],
        video: expect.objectContaining({ _id: spoken._id }),
        transcriptHit: { startSeconds: 42.5, endSeconds: 45, text: 'Agora o tubo de citrato trissódico' },
      }),
    ]);
  });

  test('When locked items match, then they are found as cards without body, attachments, source or the words said', async () => {
    const lockedContent = await content({ access: 'SUBSCRIBERS', title: 'Westgard avançado', body: 'SEGREDO-CORPO-westgardiano' });
    const lockedVideo = await video({ access: 'CREDITS', creditCost: 2, title: 'Outro título' });
    await testApp.call('PUT', `/v1/videos/${lockedVideo._id}/transcript`, {
      token: actors.admin.token,
      body: { content: 'WEBVTT\n\n00:00:10.000 --> 00:00:12.000\nRegra westgardiana secreta\n' },
    });
    for (const token of [undefined, actors.member.token]) {
      const result = await search('westgardiano westgardiana', token);
      expect(ids(result).sort()).toEqual([lockedContent._id, lockedVideo._id].sort());
      const text = JSON.stringify(result.body);
      expect(text).not.toContain('SEGREDO-CORPO');
      expect(text).not.toContain('secreta');
      for (const hit of result.body.data) {
        const card = hit.content ?? hit.video;
        expect(card.locked).toBe(true);
        expect(card).not.toHaveProperty('body');
        expect(card).not.toHaveProperty('attachments');
        expect(card).not.toHaveProperty('source');
        expect(card).not.toHaveProperty('captionsUrl');
      }
      const videoHit = result.body.data.find((hit: { type: string }) => hit.type === 'VIDEO');
      expect(videoHit.transcriptHit).toEqual({ startSeconds: 10, endSeconds: 12, text: null });
    }
    // A subscriber may read the content (its page has the body; results never do) but has not unlocked the video.
    const asSubscriber = await search('westgardiano westgardiana', subscriber.token);
    const contentHit = asSubscriber.body.data.find((hit: { type: string }) => hit.type === 'CONTENT');
    expect(contentHit.content).toMatchObject({ locked: false });
    expect(contentHit.content).not.toHaveProperty('body');
    const videoHit = asSubscriber.body.data.find((hit: { type: string }) => hit.type === 'VIDEO');
    expect(videoHit.video).toMatchObject({ locked: true, lockReason: 'UNLOCK_REQUIRED' });
    expect(videoHit.transcriptHit.text).toBeNull();
    expect(JSON.stringify(asSubscriber.body)).not.toContain('SEGREDO-CORPO');
  });

  test('When there are more results than a page, then pages split them without overlap and the meta counts them all', async () => {
    const made = [];
    for (let index = 0; index < 7; index += 1) made.push((await content({ title: `Paginação flebotomia ${index}` }))._id);
    const first = await search('flebotomia', undefined, { limit: 3, page: 1 });
    const second = await search('flebotomia', undefined, { limit: 3, page: 2 });
    const third = await search('flebotomia', undefined, { limit: 3, page: 3 });
    expect(first.body.meta).toEqual({ page: 1, limit: 3, total: 7, totalPages: 3 });
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual([...made].reverse());
  });

  test('When the text has pattern characters, then they are taken literally', async () => {
    const literal = await content({ title: 'Fórmula (a+b)* da diluição' });
    await content({ title: 'Outra coisa qualquer' });
    expect(ids(await search('(a+b)*'))).toEqual([literal._id]);
    expect((await search('.*')).body.meta.total).toBe(0);
    expect((await search('[')).body.meta.total).toBe(0);
  });

  test('When an item is a draft or scheduled, then search does not find it', async () => {
    await content({ title: 'Rascunho de imunohematologia', status: 'DRAFT' });
    await content({ title: 'Agendado de imunohematologia', publishedAt: new Date(nowMs + 86_400_000).toISOString() });
    expect((await search('imunohematologia', actors.admin.token)).body.meta.total).toBe(0);
  });

  test('When the query is empty or too long, then 400 in Portuguese', async () => {
    expectErrorShape(await search('   '), 400);
    expectErrorShape(await search('x'.repeat(101)), 400);
  });
});
