import { ObjectId } from 'mongodb';
import { createActor, createActors, snapshotData, startTestApp, type Actors, type TestActor, type TestApp } from '../helpers/app';
import { createCategory, createVideo, makeSubscriber, storeDemoFiles } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';

/**
 * Chapters (validated against the duration) and transcripts: WebVTT and SRT uploads parsed into
 * cues, broken files refused with the line, served as WebVTT to the captions track, gated like
 * the video's source.
 */
let testApp: TestApp;
let actors: Actors;
let subscriber: TestActor;
let categoryId: string;
let nowMs = Date.parse('2026-04-01T12:00:00Z');

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date(nowMs) });
  await storeDemoFiles(testApp.app);
  actors = await createActors(testApp);
  subscriber = await createActor(testApp);
  await makeSubscriber(testApp, subscriber, 0, new Date(nowMs));
  categoryId = (await createCategory(testApp, actors.admin))._id;
});

afterAll(() => testApp.close());

const newVideo = (overrides: Record<string, unknown> = {}) =>
  createVideo(testApp, actors.admin, categoryId, { durationSeconds: 120, ...overrides });

const upload = (videoId: string, content: string, token = actors.admin.token) =>
  testApp.call('PUT', `/v1/videos/${videoId}/transcript`, { token, body: { content } });

const GOOD_VTT = [
  'WEBVTT - Coleta segura',
  '',
  'NOTE revisado pela equipe',
  '',
  'abertura',
  '00:00:01.000 --> 00:00:04.500',
  '<v Ana>Bem-vindos à calibração</v>',
  '',
  '00:00:05.000 --> 00:00:09.000 align:start',
  'Tubos &amp; agulhas',
  'em ordem',
  '',
].join('\n');

const GOOD_SRT = '\uFEFF1\r\n00:00:02,000 --> 00:00:06,250\r\nOlá, técnicos!\r\n\r\n2\r\n00:01:10,000 --> 00:01:15,000\r\n<i>Homogeneização</i> suave\r\n';

describe('PUT /v1/videos/{id}/transcript', () => {
  test('When an admin uploads a WebVTT file, then its cues are kept as plain text and the player gets them as WebVTT', async () => {
    const video = await newVideo({ access: 'FREE' });
    const saved = await upload(video._id, GOOD_VTT);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      videoId: video._id,
      format: 'vtt',
      cueCount: 2,
      cues: [
        { startSeconds: 1, endSeconds: 4.5, text: 'Bem-vindos à calibração' },
        { startSeconds: 5, endSeconds: 9, text: 'Tubos & agulhas\nem ordem' },
      ],
    });

    const opened = await testApp.call('GET', `/v1/videos/${video.slug}`, { token: actors.member.token });
    expect(opened.body).toMatchObject({ hasTranscript: true, locked: false });
    // A <track> sends no token: the signed link alone opens the captions.
    const captions = await fetch(opened.body.captionsUrl);
    expect(captions.status).toBe(200);
    expect(captions.headers.get('content-type')).toContain('text/vtt');
    expect(await captions.text()).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.500\nBem-vindos à calibração\n\n00:00:05.000 --> 00:00:09.000\nTubos &amp; agulhas\nem ordem\n',
    );
    const panel = await testApp.call('GET', `/v1/videos/${video.slug}/transcript`, { token: actors.member.token });
    expect(panel.body.cues.map((cue: { text: string }) => cue.text)).toEqual(['Bem-vindos à calibração', 'Tubos & agulhas\nem ordem']);
  });

  test('When an admin uploads an SRT file (BOM, CRLF, decimal commas), then it is kept and served as WebVTT; a new upload replaces it', async () => {
    const video = await newVideo({ access: 'FREE' });
    const saved = await upload(video._id, GOOD_SRT);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      format: 'srt',
      cues: [
        { startSeconds: 2, endSeconds: 6.25, text: 'Olá, técnicos!' },
        { startSeconds: 70, endSeconds: 75, text: 'Homogeneização suave' },
      ],
    });
    const vtt = await testApp.call('GET', `/v1/videos/${video._id}/transcript.vtt`, { token: actors.member.token });
    expect(vtt.status).toBe(200);
    expect(vtt.body).toContain('00:01:10.000 --> 00:01:15.000\nHomogeneização suave');

    const replaced = await upload(video._id, 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nSó esta fala\n');
    expect(replaced.body.cueCount).toBe(1);
    const after = await testApp.call('GET', `/v1/videos/${video._id}/transcript`, { token: actors.member.token });
    expect(after.body.cues).toEqual([{ startSeconds: 0, endSeconds: 2, text: 'Só esta fala' }]);
  });

  const BROKEN: [string, string, number, RegExp][] = [
    ['a WebVTT time with one digit', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nUm\n\n00:00:3.000 --> 00:00:04.000\nDois\n', 6, /dois dígitos/],
    ['a WebVTT cue that ends before it starts', 'WEBVTT\n\n00:00:09.000 --> 00:00:08.000\nAo contrário\n', 3, /fim da legenda/],
    ['a WebVTT file without the header', 'WEBVTX\n\n00:00:01.000 --> 00:00:02.000\nOi\n', 1, /não começa com "WEBVTT"/],
    ['an SRT arrow without its dashes', '1\n00:00:01,000 --> 00:00:02,000\nUm\n\n2\n00:00:03,000 -> 00:00:04,000\nDois\n', 6, /linha de tempo/],
    ['an SRT block without its number', '1\n00:00:01,000 --> 00:00:02,000\nUm\n\n00:00:03,000 --> 00:00:04,000\nDois\n', 5, /começa com o seu número/],
    ['an SRT time with letters', '1\n00:00:01,000 --> 00:00:02,000\nUm\n\n2\n00:00:0x,000 --> 00:00:04,000\nDois\n', 6, /SRT inválida na linha 6/],
  ];
  for (const [name, content, line, message] of BROKEN) {
    test(`When the file has ${name}, then 400 names line ${line} and nothing changes`, async () => {
      const video = await newVideo();
      const before = await snapshotData(testApp.db);
      const refused = await upload(video._id, content);
      expectErrorShape(refused, 400);
      expect(refused.body.code).toBe('INVALID_TRANSCRIPT');
      expect(refused.body.message).toContain(`linha ${line}:`);
      expect(refused.body.message).toMatch(message);
      expect(await snapshotData(testApp.db)).toBe(before);
    });
  }

  test('When the file has no spoken text at all, then 400 says so', async () => {
    const video = await newVideo();
    const refused = await upload(video._id, 'WEBVTT\n\nNOTE só um comentário\n');
    expectErrorShape(refused, 400);
    expect(refused.body.message).toContain('nenhuma legenda');
  });

  test('When a member tries to upload or delete a transcript, then 403; the video does not exist: 404', async () => {
    const video = await newVideo();
    expectErrorShape(await upload(video._id, GOOD_VTT, actors.member.token), 403);
    expectErrorShape(await testApp.call('DELETE', `/v1/videos/${video._id}/transcript`, { token: actors.member.token }), 403);
    expectErrorShape(await upload('0123456789abcdef01234567', GOOD_VTT), 404);
  });

  test('When an admin deletes the transcript, then it is gone and the video says so; deleting the video takes it along', async () => {
    const video = await newVideo({ access: 'FREE' });
    await upload(video._id, GOOD_VTT);
    expect((await testApp.call('DELETE', `/v1/videos/${video._id}/transcript`, { token: actors.admin.token })).status).toBe(204);
    expectErrorShape(await testApp.call('GET', `/v1/videos/${video._id}/transcript`, { token: actors.member.token }), 404);
    const opened = await testApp.call('GET', `/v1/videos/${video._id}`, { token: actors.member.token });
    expect(opened.body).toMatchObject({ hasTranscript: false });
    expect(opened.body.captionsUrl).toBeUndefined();

    const other = await newVideo();
    await upload(other._id, GOOD_VTT);
    expect(await testApp.db.collection('transcripts').countDocuments({ videoId: new ObjectId(other._id) })).toBe(1);
    await testApp.call('DELETE', `/v1/videos/${other._id}`, { token: actors.admin.token });
    expect(await testApp.db.collection('transcripts').countDocuments({ videoId: new ObjectId(other._id) })).toBe(0);
  });
});

describe('Reading a transcript is gated like the video source', () => {
  test('When the video is for subscribers, then a member gets 403, anonymous 401, a subscriber the cues; a forged or expired link is refused', async () => {
    const video = await newVideo({ access: 'SUBSCRIBERS' });
    await upload(video._id, GOOD_VTT);
    for (const path of [`/v1/videos/${video._id}/transcript`, `/v1/videos/${video._id}/transcript.vtt`]) {
      expectErrorShape(await testApp.call('GET', path), 401);
      const member = await testApp.call('GET', path, { token: actors.member.token });
      expectErrorShape(member, 403);
      expect(member.body.code).toBe('SUBSCRIPTION_REQUIRED');
      expect((await testApp.call('GET', path, { token: subscriber.token })).status).toBe(200);
    }
    const locked = await testApp.call('GET', `/v1/videos/${video._id}`, { token: actors.member.token });
    expect(locked.body.captionsUrl).toBeUndefined();
    expect(locked.body.hasTranscript).toBe(true);

    const opened = await testApp.call('GET', `/v1/videos/${video._id}`, { token: subscriber.token });
    const link = new URL(opened.body.captionsUrl);
    const signature = link.searchParams.get('signature')!;
    link.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    const forged = await fetch(link);
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('INVALID_SIGNATURE');
    nowMs += 2 * 3600 * 1000;
    const expired = await fetch(opened.body.captionsUrl);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { code: string }).code).toBe('LINK_EXPIRED');
  });
});

describe('Chapters', () => {
  const chapters = [
    { startSeconds: 0, title: 'Abertura' },
    { startSeconds: 30, title: 'Materiais' },
    { startSeconds: 90, title: 'Coleta' },
  ];

  test('When an admin gives chapters in order within the duration, then every visitor sees them, locked or not', async () => {
    const video = await newVideo({ access: 'SUBSCRIBERS', chapters });
    expect(video.chapters).toEqual(chapters);
    const card = await testApp.call('GET', `/v1/videos/${video._id}`);
    expect(card.body).toMatchObject({ locked: true, chapters });
  });

  test('When chapters are out of order or repeat a start, then 400 names the chapter; nothing is created', async () => {
    const before = await snapshotData(testApp.db);
    const body = (list: unknown) => ({ title: 'Vídeo com capítulos', source: { kind: 'youtube', url: 'https://www.youtube.com/embed/x' }, durationSeconds: 120, categoryId, access: 'FREE', chapters: list });
    const unordered = await testApp.call('POST', '/v1/videos', { token: actors.admin.token, body: body([chapters[1], chapters[0]]) });
    expectErrorShape(unordered, 400);
    expect(unordered.body).toMatchObject({ code: 'INVALID_CHAPTERS' });
    expect(unordered.body.message).toContain('capítulo 2 ("Abertura")');
    const repeated = await testApp.call('POST', '/v1/videos', { token: actors.admin.token, body: body([chapters[0], { startSeconds: 0, title: 'De novo' }]) });
    expectErrorShape(repeated, 400);
    const beyond = await testApp.call('POST', '/v1/videos', { token: actors.admin.token, body: body([{ startSeconds: 120, title: 'Depois do fim' }]) });
    expectErrorShape(beyond, 400);
    expect(beyond.body.message).toContain('depois do fim do vídeo (2:00)');
    expect(await snapshotData(testApp.db)).toBe(before);
  });

  test('When an admin shortens a video below its last chapter, then 400; replacing the chapters works', async () => {
    const video = await newVideo({ chapters });
    const shorter = await testApp.call('PATCH', `/v1/videos/${video._id}`, { token: actors.admin.token, body: { durationSeconds: 60 } });
    expectErrorShape(shorter, 400);
    expect(shorter.body.message).toContain('capítulo 3 ("Coleta")');
    const replaced = await testApp.call('PATCH', `/v1/videos/${video._id}`, {
      token: actors.admin.token,
      body: { durationSeconds: 60, chapters: [{ startSeconds: 10, title: '  Resumo  ' }] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.chapters).toEqual([{ startSeconds: 10, title: 'Resumo' }]);
  });
});
