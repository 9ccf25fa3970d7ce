import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { S3StorageConfig } from '../../config';
import { assertFileKey, contentTypeOfKey } from './file-keys';
import type { ByteRange, FileStorage } from './file-storage';

/**
 * An S3-compatible bucket through presigned URLs (AWS Signature V4, query-string form) and
 * fetch, with no SDK: AWS S3, Google Cloud Storage (XML API with HMAC interoperability keys,
 * endpoint https://storage.googleapis.com), Cloudflare R2 and MinIO all accept it.
 *
 * NOT EXERCISED BY THE TEST SUITE: no bucket is reachable where the tests run. Only the
 * signing is unit-tested (against the AWS documentation's example); try it against a real
 * bucket before relying on it.
 *
 * Uploads are spooled to a temporary file first (the bucket needs Content-Length for a single
 * PUT), so a 2 GB video still never sits in memory. Reads are redirected to the bucket
 * (`directUrl`), which serves ranges itself.
 */
export function createS3Storage(config: S3StorageConfig, now: () => Date = () => new Date()): FileStorage {
  const presign = (method: string, key: string, expiresInSeconds: number) =>
    presignS3Url({ ...config, method, key, expiresInSeconds, at: now() });

  const request = async (method: string, key: string, init: RequestInit = {}) => {
    assertFileKey(key);
    const response = await fetch(presign(method, key, 300), { ...init, method });
    return response;
  };

  return {
    driver: 's3',

    async write(key, source, contentType) {
      assertFileKey(key);
      const spoolDir = await mkdtemp(path.join(os.tmpdir(), 'clube-spool-'));
      const spooled = path.join(spoolDir, randomBytes(8).toString('hex'));
      try {
        await pipeline(source, createWriteStream(spooled));
        const { size } = await stat(spooled);
        const response = await fetch(presign('PUT', key, 300), {
          method: 'PUT',
          headers: { 'content-type': contentType, 'content-length': String(size) },
          body: Readable.toWeb(createReadStream(spooled)) as unknown as RequestInit['body'],
          duplex: 'half',
        } as RequestInit);
        if (!response.ok) throw new Error(`bucket recusou o envio (${response.status})`);
        return { size };
      } finally {
        await rm(spoolDir, { recursive: true, force: true });
      }
    },

    async stat(key) {
      const response = await request('HEAD', key);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`bucket respondeu ${response.status}`);
      return { size: Number(response.headers.get('content-length') ?? 0), contentType: contentTypeOfKey(key) };
    },

    async read(key, range?: ByteRange) {
      const response = await request('GET', key, range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
      if (!response.ok || !response.body) throw new Error(`bucket respondeu ${response.status}`);
      return Readable.fromWeb(response.body as unknown as WebReadableStream);
    },

    async delete(key) {
      const response = await request('DELETE', key);
      if (!response.ok && response.status !== 404) throw new Error(`bucket respondeu ${response.status}`);
    },

    directUrl: (key, expiresInSeconds) => presign('GET', key, expiresInSeconds),

    async close() {},
  };
}

export interface PresignInput extends S3StorageConfig {
  method: string;
  key: string;
  expiresInSeconds: number;
  at: Date;
}

const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * A path-style presigned URL (AWS Signature V4, UNSIGNED-PAYLOAD, only `host` signed); an empty
 * `bucket` means the endpoint already names it (virtual-hosted style).
 */
export function presignS3Url({ endpoint, region, bucket, accessKeyId, secretAccessKey, method, key, expiresInSeconds, at }: PresignInput): string {
  const url = new URL(endpoint);
  const amzDate = at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const canonicalUri = `${url.pathname.replace(/\/$/, '')}/${[...(bucket ? [bucket] : []), ...key.split('/')].map(encode).join('/')}`;
  const query: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(Math.min(604_800, Math.max(1, Math.floor(expiresInSeconds)))),
    'X-Amz-SignedHeaders': 'host',
  };
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((name) => `${encode(name)}=${encode(query[name]!)}`)
    .join('&');
  const canonicalRequest = [method, canonicalUri, canonicalQuery, `host:${url.host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${url.protocol}//${url.host}${canonicalUri}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
