import { loadConfig } from '../../src/config';
import { seedCatalogue } from '../../src/seed/catalogue';
import { parseByteRange } from '../../src/http/byte-range';
import { detectFileType } from '../../src/modules/files/rules/file-types';
import { startTestApp, type TestApp } from '../helpers/app';
import { assetBytes } from '../helpers/catalogue';

let testApp: TestApp;
const SEED_AT = Date.parse('2026-03-10T12:00:00Z');

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date(SEED_AT) });
});

afterAll(() => testApp.close());

describe('Demo catalogue seed', () => {
  test('When it runs twice, then the second run changes nothing', async () => {
    const first = await seedCatalogue(testApp.app);
    expect(first).toEqual({ filesCopied: 12, categoriesCreated: 4, contentsCreated: 14, videosCreated: 8, bannersCreated: 3 });
    const before = await testApp.db.collection('contents').find({}).sort({ _id: 1 }).toArray();
    expect(await seedCatalogue(testApp.app)).toEqual({ filesCopied: 0, categoriesCreated: 0, contentsCreated: 0, videosCreated: 0, bannersCreated: 0 });
    expect(await testApp.db.collection('contents').find({}).sort({ _id: 1 }).toArray()).toEqual(before);
  });

  test('When a visitor browses it, then it has the categories, 12+ contents on every level, 8+ videos with 2+ playable files and 3 banners (one scheduled)', async () => {
    const categories = await testApp.call('GET', '/v1/categories');
    expect(categories.body.data.map((category: { name: string }) => category.name)).toEqual(['Boas práticas', 'Equipamentos', 'Qualidade', 'Biossegurança']);

    const contents = await testApp.call('GET', '/v1/contents', { query: { limit: 100 } });
    expect(contents.body.meta.total).toBeGreaterThanOrEqual(12);
    for (const access of ['FREE', 'SUBSCRIBERS', 'CREDITS']) {
      expect(contents.body.data.filter((content: { access: string }) => content.access === access).length).toBeGreaterThanOrEqual(3);
    }

    const videos = await testApp.call('GET', '/v1/videos', { query: { limit: 100 } });
    expect(videos.body.meta.total).toBeGreaterThanOrEqual(8);
    const fileVideos = await testApp.db.collection('videos').find({ 'source.kind': 'file' }).toArray();
    const keys = new Set(fileVideos.map((video) => video.source.url as string));
    expect(keys.size).toBeGreaterThanOrEqual(2);
    for (const key of keys) {
      const stored = await testApp.app.fileStorage.stat(key);
      expect(stored).toMatchObject({ contentType: 'video/mp4' });
      expect(stored!.size).toBeLessThan(300 * 1024);
      expect(detectFileType(await assetBytes(key.split('/')[1]!))?.extension).toBe('mp4');
    }
    // Every image the cards point at is served.
    for (const item of [...contents.body.data, ...videos.body.data]) {
      const url = item.coverUrl ?? item.thumbnailUrl;
      expect((await fetch(url)).status).toBe(200);
    }

    const banners = await testApp.db.collection('banners').find({}).toArray();
    expect(banners).toHaveLength(3);
    expect(banners.filter((banner) => banner.startsAt && banner.startsAt.getTime() > SEED_AT)).toHaveLength(1);
    expect((await testApp.call('GET', '/v1/banners')).body.meta.total).toBe(2);
  });
});

describe('OpenAPI document', () => {
  test('When the document is read, then every catalogue route is listed with its parameters and every response status', async () => {
    const spec = (await testApp.call('GET', '/v1/docs/json')).body;
    // Fastify registers "/v1/banners" and "/v1/banners/" for a plugin's root route; the document lists one.
    const catalogue = new Map(
      testApp.app.apiRoutes
        .filter((route) => /^\/v1\/(categories|contents|videos|banners|suggestions|unlocks|me|files|uploads|search)(\/|$)/.test(route.url))
        .map((route) => [`${route.method} ${route.url.replace(/\/$/, '')}`, route]),
    );
    // 29 before issues 12–14; + progress (2), transcripts (4), search (1); + suggestions/me/admin routes (6);
    // + the member's certificates (issue 16: GET /me/certificates); + e-mail preferences (issue 29: GET and PUT /me/email-preferences);
    // + a video's HLS ladder (issue 30: GET /files/hls/… playlist or poster, and rendition playlist or segment);
    // + the member's own competence trail (issue 31: GET /me/trail).
    expect(catalogue.size).toBe(48);
    for (const route of catalogue.values()) {
      const documented = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const path = spec.paths[documented] ? documented : `${documented}/`;
      const operation = spec.paths[path]?.[route.method.toLowerCase()];
      expect({ route: `${route.method} ${path}`, documented: Boolean(operation) }).toEqual({ route: `${route.method} ${path}`, documented: true });
      expect(operation.summary).toMatch(/\w/);
      const statuses = Object.keys(operation.responses);
      expect(statuses.some((status) => status.startsWith('2'))).toBe(true);
      expect(statuses).toEqual(expect.arrayContaining(['400', '500']));
      // uploads are multipart; a vote carries nothing but the suggestion in its path
      if (['POST', 'PATCH', 'PUT'].includes(route.method) && !route.url.startsWith('/v1/uploads') && !route.url.endsWith('/vote')) {
        expect(operation.requestBody?.content?.['application/json']?.schema).toBeDefined();
      }
    }
  });
});

describe('Storage and file helpers', () => {
  test('When bytes are sniffed, then each accepted type is recognised and look-alikes are not', async () => {
    expect(detectFileType(await assetBytes('demo-capa-qualidade.png'))?.extension).toBe('png');
    expect(detectFileType(await assetBytes('demo-thumb-coleta.jpg'))?.extension).toBe('jpg');
    expect(detectFileType(await assetBytes('demo-checklist-coleta.pdf'))?.extension).toBe('pdf');
    expect(detectFileType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))?.extension).toBe('webp');
    expect(detectFileType(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(detectFileType(Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00', 'latin1'))).toBeNull();
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
  });

  test('When Range headers are parsed, then single ranges work and the rest is ignored or unsatisfiable', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    // Last byte before the first is an invalid range, not an unsatisfiable one: ignored (RFC 9110).
    expect(parseByteRange('bytes=5-1', 100)).toBeNull();
    expect(parseByteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseByteRange('items=0-1', 100)).toBeNull();
    expect(parseByteRange(undefined, 100)).toBeNull();
  });

  test('When storage is configured, then local is the default beside the data and s3 needs its variables', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/clube/db' }).storage).toEqual({ driver: 'local', uploadsDir: '/tmp/clube/uploads', s3: undefined });
    expect(loadConfig({ UPLOADS_DIR: '/srv/arquivos' }).storage.uploadsDir).toBe('/srv/arquivos');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER inválido/);
  });
});
