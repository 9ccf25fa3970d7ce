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
import { fileForm } from '../helpers/catalogue';

let testApp: TestApp;
let actors: Actors;
let clipDir: string;
let clip720: Buffer;
let silentClip: Buffer;

const ffmpeg = (args: string[]) => promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

beforeAll(async () => {
  clipDir = await mkdtemp(path.join(os.tmpdir(), 'clube-clips-'));
  // 6 s of 1280×720 with a 440 Hz tone; and 2 s of 640×360 with no sound.
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=24:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', path.join(clipDir, 'aula.mp4')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=24:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', path.join(clipDir, 'muda.mp4')]);
  clip720 = await readFile(path.join(clipDir, 'aula.mp4'));
  silentClip = await readFile(path.join(clipDir, 'muda.mp4'));
  testApp = await startTestApp();
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
  test('When an admin uploads an MP4, then a job makes 360p and 720p HLS with 4 s segments, AAC, a poster and the duration', async () => {
    const videoKey = await upload(clip720, 'aula.mp4');
    const queued = await transcodeOf(videoKey);
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ videoKey, status: 'PENDING', progress: 0, error: null });

    expect(await testApp.app.jobs.runDue()).toBe(1);

    const ready = await transcodeOf(videoKey);
    expect(ready.body).toMatchObject({ status: 'READY', progress: 100, error: null, renditions: ['360p', '720p'] });
    expect(ready.body.durationSeconds).toBeGreaterThan(5.9);
    expect(ready.body.durationSeconds).toBeLessThan(6.2);

    const folder = `hls/${videoKey.slice('videos/'.length, -'.mp4'.length)}`;
    const master = await text(`${folder}/master.m3u8`);
    expect(master).toMatch(/RESOLUTION=640x360/);
    expect(master).toMatch(/RESOLUTION=1280x720/);
    expect(master).toMatch(/CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);
    for (const rendition of ['360p', '720p']) {
      const playlist = await text(`${folder}/${rendition}/index.m3u8`);
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
      // 6 s in 4 s segments: 4 + 2.
      expect(durations.length).toBe(2);
      expect(durations[0]).toBeCloseTo(4, 1);
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect(await testApp.app.fileStorage.stat(`${folder}/${rendition}/seg-00000.ts`)).toMatchObject({ contentType: 'video/mp2t' });
    }
    const poster = await testApp.app.fileStorage.stat(`${folder}/poster.jpg`);
    expect(poster?.size).toBeGreaterThan(1000);
  });

  test('When a video has no sound, then its ladder has video only and still both renditions', async () => {
    const videoKey = await upload(silentClip, 'muda.mp4');
    await testApp.app.jobs.runDue();
    const ready = await transcodeOf(videoKey);
    expect(ready.body).toMatchObject({ status: 'READY', renditions: ['360p', '720p'] });
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
