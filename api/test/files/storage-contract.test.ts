/**
 * One contract for both storage drivers: the local folder and an S3 bucket, the latter on a real
 * S3-protocol server (s3rver: real HTTP, multipart, ranges, presigned-link expiry) started here on a free port. Each
 * case runs against both, directly on the port and through the API's signed links.
 */
import { createHash, createHmac, randomBytes, type BinaryLike } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver, { type S3rverContext } from 's3rver';
import { SignatureV4 } from '@smithy/signature-v4';
import type { FastifyRequest } from 'fastify';
import type { S3StorageConfig } from '../../src/config';
import type { FileStorage } from '../../src/plugins/file-storage/file-storage';
import { createLocalStorage } from '../../src/plugins/file-storage/local-storage';
import { createS3Storage } from '../../src/plugins/file-storage/s3-storage';
import { startTestApp, type TestApp } from '../helpers/app';

const BUCKET = 'clube-contrato';
let s3rver: S3rver;
let s3Dir: string;
let s3Config: S3StorageConfig;

/** What the AWS SDK's signer hands a hash: text or bytes. */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOfSource = (data: SourceData): BinaryLike =>
  typeof data === 'string' ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);

/** SHA-256 and HMAC-SHA256 from node:crypto, in the shape the AWS SDK's signer takes. */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOfSource(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOfSource(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {}
}

const HEADER_SIGNATURE = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/**
 * s3rver 3.7 checks a Signature V4 request's access key and dates but not its HMAC (its
 * `lib/middleware/authentication.js`: "Signature version 4 calculation is unimplemeneted"). In front of
 * it, this recomputes the signature of every header-signed request (all the driver's own calls) with
 * the AWS SDK's signer and s3rver's secret, and refuses a mismatch as S3 does (403
 * SignatureDoesNotMatch). Presigned links keep s3rver's own checks (access key, expiry).
 */
async function checkHeaderSignature(ctx: S3rverContext, next: () => Promise<void>): Promise<void> {
  const match = HEADER_SIGNATURE.exec(ctx.get('authorization'));
  if (!match) return next();
  const [, accessKeyId, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string];
  const [rawPath = '/', rawQuery = ''] = (ctx.req.url ?? '/').split('?');
  const longDate = ctx.get('x-amz-date');
  const signingDate = new Date(longDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  const names = signedHeaders.split(';');
  const signer = new SignatureV4({ service: 's3', region, credentials: { accessKeyId, secretAccessKey: 'S3RVER' }, sha256: NodeSha256, uriEscapePath: false, applyChecksum: false });
  const expected = await signer.sign(
    {
      method: ctx.method,
      protocol: 'http:',
      hostname: '127.0.0.1',
      path: rawPath,
      query: Object.fromEntries(new URLSearchParams(rawQuery)),
      headers: Object.fromEntries(names.map((name) => [name, ctx.get(name)])),
    },
    { signingDate, signableHeaders: new Set(names) },
  );
  if (HEADER_SIGNATURE.exec(String(expected.headers.authorization))?.[4] === signature) return next();
  ctx.status = 403;
  ctx.type = 'application/xml';
  ctx.body =
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message></Error>';
}

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'clube-s3rver-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  // First in s3rver's (Koa's) middleware chain, before its routes.
  s3rver.middleware.unshift(checkHeaderSignature);
  const address = await s3rver.run();
  // s3rver's own credentials: a request signed with another secret is refused (checkHeaderSignature).
  s3Config = { endpoint: `http://127.0.0.1:${address.port}`, region: 'us-east-1', bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
});

afterAll(async () => {
  await s3rver?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** `size` bytes in chunks of 64 KB, never all in memory at once; byte i is (i * 7) mod 251. */
const patterned = (size: number) =>
  Readable.from(
    (function* () {
      for (let offset = 0; offset < size; offset += 65_536) {
        const chunk = Buffer.alloc(Math.min(65_536, size - offset));
        for (let i = 0; i < chunk.length; i += 1) chunk[i] = ((offset + i) * 7) % 251;
        yield chunk;
      }
    })(),
  );
const patternAt = (start: number, end: number) => Buffer.from(Array.from({ length: end - start + 1 }, (_, i) => ((start + i) * 7) % 251));

const drivers: [string, () => Promise<FileStorage>][] = [
  ['local folder', () => createLocalStorage(undefined)],
  ['S3 bucket (s3rver)', async () => createS3Storage(s3Config)],
];

describe.each(drivers)('Storage contract — %s', (name, create) => {
  let storage: FileStorage;
  beforeEach(async () => {
    storage = await create();
  });
  afterEach(async () => {
    await storage.close();
  });

  test('When a file is written, then it reads back whole, in ranges, with its size and type', async () => {
    const bytes = randomBytes(10_000);
    expect(await storage.write('documents/contrato.pdf', Readable.from([bytes]), 'application/pdf')).toEqual({ size: 10_000 });
    expect(await storage.stat('documents/contrato.pdf')).toEqual({ size: 10_000, contentType: 'application/pdf' });
    expect((await bytesOf(await storage.read('documents/contrato.pdf'))).equals(bytes)).toBe(true);
    expect((await bytesOf(await storage.read('documents/contrato.pdf', { start: 100, end: 199 }))).equals(bytes.subarray(100, 200))).toBe(true);
  });

  test('When a file larger than one part is streamed in, then it is stored whole (multipart on S3) and its last bytes read back', async () => {
    const size = 12 * 1024 * 1024 + 123;
    expect(await storage.write('videos/grande.mp4', patterned(size), 'video/mp4')).toEqual({ size });
    expect((await storage.stat('videos/grande.mp4'))?.size).toBe(size);
    // Across the boundary of the first two 5 MB parts, and the very end.
    const boundary = 5 * 1024 * 1024;
    expect((await bytesOf(await storage.read('videos/grande.mp4', { start: boundary - 3, end: boundary + 3 }))).equals(patternAt(boundary - 3, boundary + 3))).toBe(true);
    expect((await bytesOf(await storage.read('videos/grande.mp4', { start: size - 10, end: size - 1 }))).equals(patternAt(size - 10, size - 1))).toBe(true);
  });

  test('When the source fails midway, then nothing is stored under the key', async () => {
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(6 * 1024 * 1024);
        throw new Error('conexão perdida');
      })(),
    );
    await expect(storage.write('videos/interrompido.mp4', failing, 'video/mp4')).rejects.toThrow();
    expect(await storage.stat('videos/interrompido.mp4')).toBeNull();
  });

  test('When a file is deleted, then it is gone; a missing key has no stat and deleting it is harmless', async () => {
    await storage.write('images/capa.png', Readable.from([Buffer.from('png')]), 'image/png');
    await storage.delete('images/capa.png');
    expect(await storage.stat('images/capa.png')).toBeNull();
    expect(await storage.stat('images/nunca-existiu.png')).toBeNull();
    await expect(storage.delete('images/nunca-existiu.png')).resolves.toBeUndefined();
  });

  test('When a key is not one the API makes, then the driver refuses it before any I/O', async () => {
    await expect(storage.stat('../segredo.pdf')).rejects.toThrow(/chave de arquivo inválida/);
    await expect(storage.write('videos/x.exe', Readable.from([Buffer.from('x')]), 'video/mp4')).rejects.toThrow(/chave de arquivo inválida/);
  });

  if (name.startsWith('S3')) {
    test('When a presigned link is made, then the bucket serves it with ranges until it expires; a missing key is 404', async () => {
      await storage.write('documents/link.pdf', Readable.from([Buffer.from('0123456789')]), 'application/pdf');
      const url = await storage.directUrl!('documents/link.pdf', 60);
      const ranged = await fetch(url, { headers: { range: 'bytes=2-5' } });
      expect(ranged.status).toBe(206);
      expect(await ranged.text()).toBe('2345');
      const expired = await createS3Storage(s3Config, () => new Date(Date.now() - 120_000)).directUrl!('documents/link.pdf', 60);
      expect((await fetch(expired)).status).toBe(403);
      expect((await fetch(await storage.directUrl!('documents/sumiu.pdf', 60))).status).toBe(404);
    });

    test('When a request is signed with a wrong secret, then the bucket refuses it and nothing is written', async () => {
      const wrong = createS3Storage({ ...s3Config, secretAccessKey: 'OUTRO-SEGREDO' });
      await expect(wrong.write('documents/forjado.pdf', Readable.from([Buffer.from('%PDF-1.4 forjado')]), 'application/pdf')).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
      });
      await storage.write('documents/guardado.pdf', Readable.from([Buffer.from('%PDF-1.4')]), 'application/pdf');
      await expect(wrong.stat('documents/guardado.pdf')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      await expect(wrong.read('documents/guardado.pdf')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      await wrong.close();
      expect(await storage.stat('documents/forjado.pdf')).toBeNull();
      expect(await storage.stat('documents/guardado.pdf')).toEqual({ size: 8, contentType: 'application/pdf' });
    });

    test('When the access key is unknown, then the bucket refuses every request', async () => {
      const wrong = createS3Storage({ ...s3Config, accessKeyId: 'DESCONHECIDA' });
      await expect(wrong.stat('documents/contrato.pdf')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      await expect(wrong.read('documents/contrato.pdf')).rejects.toThrow(/Access Key Id/);
      await wrong.close();
    });
  }
});

describe.each([
  ['local folder', () => ({})],
  ['S3 bucket (s3rver)', () => ({ storage: { driver: 's3' as const, uploadsDir: undefined, s3: s3Config } })],
])('Signed file links through the API — %s', (_name, config) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ config: config() });
    await testApp.app.fileStorage.write('videos/aula.mp4', Readable.from([Buffer.from('conteudo-do-video')]), 'video/mp4');
  });
  afterAll(async () => {
    for (const key of ['videos/aula.mp4', 'hls/aula/master.m3u8', 'hls/aula/360p/seg-00000.ts']) await testApp.app.fileStorage.delete(key);
    await testApp.close();
  });

  test('When a member follows a signed link with a Range, then the bytes arrive (redirected to the bucket on S3)', async () => {
    const { path: signed } = testApp.app.fileUrls.signedPath('videos/aula.mp4', 60);
    const response = await fetch(`${testApp.url}${signed}`, { headers: { range: 'bytes=0-7' } });
    expect(response.status).toBe(206);
    expect(await response.text()).toBe('conteudo');
  });

  test('When the link is expired, unsigned or for a missing file, then 403 / 403 / 404', async () => {
    const { path: expired } = testApp.app.fileUrls.signedPath('videos/aula.mp4', -10);
    expect((await fetch(`${testApp.url}${expired}`)).status).toBe(403);
    expect((await fetch(`${testApp.url}/v1/files/videos/aula.mp4`)).status).toBe(403);
    const { path: missing } = testApp.app.fileUrls.signedPath('videos/sumiu.mp4', 60);
    expect((await fetch(`${testApp.url}${missing}`)).status).toBe(404);
  });

  test('When an HLS link is followed, then the playlist comes from the API and a segment arrives (from the bucket on S3); expired is 403', async () => {
    const storage = testApp.app.fileStorage;
    await storage.write('hls/aula/master.m3u8', Readable.from([Buffer.from('#EXTM3U\n360p/index.m3u8\n')]), 'application/vnd.apple.mpegurl');
    await storage.write('hls/aula/360p/seg-00000.ts', Readable.from([Buffer.from('segmento')]), 'video/mp2t');
    const request = { protocol: 'http', host: testApp.url.slice('http://'.length) } as unknown as FastifyRequest;
    const { url } = testApp.app.fileUrls.signedHlsUrl(request, 'videos/aula.mp4', 60);
    const master = await fetch(url, { redirect: 'manual' });
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('360p/index.m3u8');
    const segment = await fetch(new URL('360p/seg-00000.ts', url));
    expect(segment.status).toBe(200);
    expect(await segment.text()).toBe('segmento');
    const expired = testApp.app.fileUrls.signedHlsUrl(request, 'videos/aula.mp4', -1).url;
    expect((await fetch(new URL('360p/seg-00000.ts', expired))).status).toBe(403);
  });
});
