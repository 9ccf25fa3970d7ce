/**
 * Issue 30: an admin's MP4 upload becomes an HLS ladder through a job on the runner, with Debian's
 * ffmpeg. The clips are made here by ffmpeg's test sources (a few seconds), never the demo videos.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createActors, startTestApp, type Actors, type TestApp } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { createCategory, createVideo, fileForm, makeSubscriber } from '../helpers/catalogue';

let testApp: TestApp;
let actors: Actors;
let clipDir: string;
let clip720: Buffer;
let silentClip: Buffer;
let nowMs = Date.now();
/** The first test's upload, once converted: the access tests play it. */
let readyVideoKey = '';

const ffmpeg = (args: string[]) => promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

beforeAll(async () => {
  clipDir = await mkdtemp(path.join(os.tmpdir(), 'clube-clips-'));
  // 6 s of 1280×720 with a 440 Hz tone; and 2 s of 640×360 with no sound.
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=24:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', path.join(clipDir, 'aula.mp4')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=24:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', path.join(clipDir, 'muda.mp4')]);
  clip720 = await readFile(path.join(clipDir, 'aula.mp4'));
  silentClip = await readFile(path.join(clipDir, 'muda.mp4'));
  testApp = await startTestApp({ now: () => new Date(nowMs) });
  actors = await createActors(testApp);
});

afterAll(async () => {
  await testApp?.close();
  await rm(clipDir, { recursive: true, force: true });
});

const upload = async (bytes: Buffer, name: string) => {
  const result = await testApp.call('POST', '/v1/uploads', { token: actors.admin.token, formData: fileForm(bytes, name, 'video/mp4') });
  expect(result.status).toBe(201);
  return result.body.key as string;
};
const transcodeOf = (videoKey: string, token = actors.admin.token) => testApp.call('GET', '/v1/media/transcodes', { token, query: { videoKey } });
const text = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await testApp.app.fileStorage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe('HLS transcoding of uploaded videos', () => {
  test('When an admin uploads an MP4, then a job makes 240p, 360p and 720p fMP4 HLS with a 1 s first segment then 4 s ones, AAC, a poster and the duration', async () => {
    const videoKey = await upload(clip720, 'aula.mp4');
    const queued = await transcodeOf(videoKey);
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ videoKey, status: 'PENDING', progress: 0, error: null });

    expect(await testApp.app.jobs.runDue()).toBe(1);

    const ready = await transcodeOf(videoKey);
    expect(ready.body).toMatchObject({ status: 'READY', progress: 100, error: null, renditions: ['240p', '360p', '720p'] });
    expect(ready.body.durationSeconds).toBeGreaterThan(5.9);
    expect(ready.body.durationSeconds).toBeLessThan(6.2);

    const folder = `hls/${videoKey.slice('videos/'.length, -'.mp4'.length)}`;
    const master = await text(`${folder}/master.m3u8`);
    expect(master).toMatch(/RESOLUTION=426x240/);
    expect(master).toMatch(/RESOLUTION=640x360/);
    expect(master).toMatch(/RESOLUTION=1280x720/);
    expect(master).toMatch(/CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);
    for (const [index, rendition] of ['240p', '360p', '720p'].entries()) {
      const playlist = await text(`${folder}/${rendition}/index.m3u8`);
      // fMP4: each rendition's init segment (what the player's head start appends first), named by its index.
      expect(playlist).toContain(`#EXT-X-MAP:URI="init_${index}.mp4"`);
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
      // 6 s: a 1 s first segment (a phone's first frame needs fewer bytes), then 4 s ones: 1 + 4 + 1.
      expect(durations.length).toBe(3);
      expect(durations[0]).toBeCloseTo(1, 1);
      expect(durations[1]).toBeCloseTo(4, 1);
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect(await testApp.app.fileStorage.stat(`${folder}/${rendition}/init_${index}.mp4`)).toMatchObject({ contentType: 'video/mp4' });
      expect(await testApp.app.fileStorage.stat(`${folder}/${rendition}/seg-00000.m4s`)).toMatchObject({ contentType: 'video/iso.segment' });
    }
    const poster = await testApp.app.fileStorage.stat(`${folder}/poster.jpg`);
    expect(poster?.size).toBeGreaterThan(1000);
    readyVideoKey = videoKey;
  });

  test('When a video has no sound, then its ladder has video only and still both renditions', async () => {
    const videoKey = await upload(silentClip, 'muda.mp4');
    await testApp.app.jobs.runDue();
    const ready = await transcodeOf(videoKey);
    expect(ready.body).toMatchObject({ status: 'READY', renditions: ['240p', '360p', '720p'] });
    const master = await text(`hls/${videoKey.slice('videos/'.length, -'.mp4'.length)}/master.m3u8`);
    expect(master).not.toContain('mp4a');
  });

  test('When the MP4 is corrupt, then the job fails at once with a Portuguese reason, and "Tentar novamente" queues it again', async () => {
    // A real MP4 header (it passes the upload's type check) followed by noise.
    const corrupt = Buffer.concat([clip720.subarray(0, 64), Buffer.alloc(50_000, 7)]);
    const videoKey = await upload(corrupt, 'quebrado.mp4');
    await testApp.app.jobs.runDue();
    const failed = await transcodeOf(videoKey);
    expect(failed.body).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/não pôde ser lido como vídeo/) });

    const retried = await testApp.call('POST', '/v1/media/transcodes/retry', { token: actors.admin.token, body: { videoKey } });
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ status: 'PENDING', progress: 0, error: null });
    // The same file fails the same way: the reason is shown again.
    expect(await testApp.app.jobs.runDue()).toBe(1);
    expect((await transcodeOf(videoKey)).body.status).toBe('FAILED');

    // A ready conversion has nothing to retry.
    const good = await upload(silentClip, 'boa.mp4');
    await testApp.app.jobs.runDue();
    expectErrorShape(await testApp.call('POST', '/v1/media/transcodes/retry', { token: actors.admin.token, body: { videoKey: good } }), 409);
  });

  test('When the original is missing from storage, then the job fails with a reason that says so', async () => {
    await testApp.app.fileStorage.write('videos/vai-sumir.mp4', Readable.from([clip720]), 'video/mp4');
    await testApp.app.transcoding.enqueue('videos/vai-sumir.mp4');
    await testApp.app.fileStorage.delete('videos/vai-sumir.mp4');
    await testApp.app.jobs.runDue();
    expect((await transcodeOf('videos/vai-sumir.mp4')).body).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/não está mais no armazenamento/) });
  });

  test('When a member or a guest asks for a conversion, then 403 / 401; an unknown file is 404, a bad key 400', async () => {
    expectErrorShape(await transcodeOf('videos/abc.mp4', actors.member.token), 403);
    expectErrorShape(await testApp.call('GET', '/v1/media/transcodes', { query: { videoKey: 'videos/abc.mp4' } }), 401);
    const unknown = await transcodeOf('videos/nao-existe.mp4');
    expectErrorShape(unknown, 404);
    expect(unknown.body.message).toBe('Nenhuma conversão para este vídeo.');
    expectErrorShape(await transcodeOf('../etc/passwd'), 400);
  });
});

describe('Playing the ladder: signed, short-lived links', () => {
  let videoId: string;
  let hlsUrl: string;
  let segmentUrl: string;

  beforeAll(async () => {
    const category = await createCategory(testApp, actors.admin);
    videoId = (await createVideo(testApp, actors.admin, category._id, { access: 'SUBSCRIBERS', source: { kind: 'file', url: readyVideoKey }, durationSeconds: 6 }))._id;
    await makeSubscriber(testApp, actors.member);
  });

  test('When a subscriber opens a converted video, then its HLS link leads to both renditions and their segments; the MP4 link stays', async () => {
    const detail = await testApp.call('GET', `/v1/videos/${videoId}`, { token: actors.member.token });
    expect(detail.body.source).toMatchObject({ kind: 'file', key: readyVideoKey, url: expect.stringContaining('/v1/files/videos/') });
    hlsUrl = detail.body.source.hlsUrl;
    expect(hlsUrl).toMatch(/\/v1\/files\/hls\/[a-f0-9]+\/\d+-[\w-]{43}\/master\.m3u8$/);
    // The player's poster: the ladder's JPEG, signed like the playlists.
    expect(detail.body.source.posterUrl).toBe(hlsUrl.replace(/master\.m3u8$/, 'poster.jpg'));
    const poster = await fetch(detail.body.source.posterUrl);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect([...Buffer.from(await poster.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const master = await fetch(hlsUrl);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const variants = (await master.text()).split('\n').filter((line) => line && !line.startsWith('#'));
    expect(variants).toEqual(['240p/index.m3u8', '360p/index.m3u8', '720p/index.m3u8']);
    for (const variant of variants) {
      const playlistUrl = new URL(variant, hlsUrl);
      const playlist = await fetch(playlistUrl);
      expect(playlist.status).toBe(200);
      const firstSegment = (await playlist.text()).split('\n').find((line) => line.endsWith('.m4s'))!;
      segmentUrl = new URL(firstSegment, playlistUrl).href;
      const segment = await fetch(segmentUrl);
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/iso.segment');
      // An fMP4 media segment: its first box is 'styp' or 'moof'.
      expect(['styp', 'moof']).toContain(Buffer.from(await segment.arrayBuffer()).subarray(4, 8).toString('latin1'));
    }
  });

  test('When the video is locked for the caller, then no HLS link is issued; a guessed or forged link is 403', async () => {
    expect((await testApp.call('GET', `/v1/videos/${videoId}`, { token: actors.otherMember.token })).body.source).toBeUndefined();
    expect((await testApp.call('GET', `/v1/videos/${videoId}`)).body.source).toBeUndefined();
    const forged = hlsUrl.replace(/-[\w-]{43}\//, `-${'A'.repeat(43)}/`);
    const refused = await testApp.call('GET', forged);
    expectErrorShape(refused, 403);
    expect(refused.body.code).toBe('INVALID_SIGNATURE');
    // One video's signature does not open another video's folder.
    const otherFolder = hlsUrl.replace(/\/hls\/[a-f0-9]+\//, '/hls/outro-video/');
    expect((await testApp.call('GET', otherFolder)).status).toBe(403);
  });

  test("When a member's links are used after they expire, then the playlist and a copied segment answer 403 LINK_EXPIRED", async () => {
    nowMs += (testApp.app.config.fileUrlTtlSeconds + 1) * 1000;
    for (const url of [hlsUrl, segmentUrl]) {
      const expired = await testApp.call('GET', url);
      expectErrorShape(expired, 403);
      expect(expired.body.code).toBe('LINK_EXPIRED');
    }
  });

  test('When a subscriber still watching asks for the video again after the link expired, then the fresh link opens the same segment (what the player retries with)', async () => {
    const fresh = (await testApp.call('GET', `/v1/videos/${videoId}`, { token: actors.member.token })).body.source.hlsUrl as string;
    const signature = /\/(\d+-[\w-]{43})\//;
    expect(signature.exec(fresh)?.[1]).not.toBe(signature.exec(hlsUrl)?.[1]);
    // The player keeps the segment's path and swaps the signature for the fresh one.
    const renewed = await fetch(segmentUrl.replace(signature, `/${signature.exec(fresh)![1]}/`));
    expect(renewed.status).toBe(200);
    expect(['styp', 'moof']).toContain(Buffer.from(await renewed.arrayBuffer()).subarray(4, 8).toString('latin1'));
  });
});

describe('A video that stops playing a file', () => {
  const ladderKeys = (videoKey: string) => {
    const folder = `hls/${videoKey.slice('videos/'.length, -'.mp4'.length)}`;
    return [videoKey, `${folder}/master.m3u8`, `${folder}/poster.jpg`, `${folder}/240p/index.m3u8`, `${folder}/240p/init_0.mp4`, `${folder}/240p/seg-00000.m4s`, `${folder}/720p/seg-00000.m4s`];
  };
  const stored = async (keys: string[]) => Promise.all(keys.map(async (key) => (await testApp.app.fileStorage.stat(key)) !== null));

  test('When an admin replaces the file, then the old original, ladder and poster leave storage and the new ones stay', async () => {
    const first = await upload(silentClip, 'primeira.mp4');
    const second = await upload(silentClip, 'segunda.mp4');
    expect(await testApp.app.jobs.runDue()).toBe(2);
    expect(await stored(ladderKeys(first))).toEqual([true, true, true, true, true, true, true]);
    const category = await createCategory(testApp, actors.admin);
    const video = await createVideo(testApp, actors.admin, category._id, { source: { kind: 'file', url: first }, durationSeconds: 2 });

    const replaced = await testApp.call('PATCH', `/v1/videos/${video._id}`, { token: actors.admin.token, body: { source: { kind: 'file', url: second } } });
    expect(replaced.status).toBe(200);
    expect(await stored(ladderKeys(first))).toEqual([false, false, false, false, false, false, false]);
    expectErrorShape(await transcodeOf(first), 404);
    expect(await stored(ladderKeys(second))).toEqual([true, true, true, true, true, true, true]);
    expect((await transcodeOf(second)).body.status).toBe('READY');
  });

  test('When another video still plays the file, then replacing it in one video keeps it for the other', async () => {
    const shared = await upload(silentClip, 'compartilhada.mp4');
    await testApp.app.jobs.runDue();
    const category = await createCategory(testApp, actors.admin);
    const one = await createVideo(testApp, actors.admin, category._id, { source: { kind: 'file', url: shared }, durationSeconds: 2 });
    await createVideo(testApp, actors.admin, category._id, { source: { kind: 'file', url: shared }, durationSeconds: 2 });
    const other = await upload(silentClip, 'outra.mp4');
    const replaced = await testApp.call('PATCH', `/v1/videos/${one._id}`, { token: actors.admin.token, body: { source: { kind: 'file', url: other } } });
    expect(replaced.status).toBe(200);
    expect(await stored(ladderKeys(shared))).toEqual([true, true, true, true, true, true, true]);
    expect((await transcodeOf(shared)).body.status).toBe('READY');
  });
});
