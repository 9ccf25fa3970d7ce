import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Transform, type Readable } from 'node:stream';
import type { S3StorageConfig } from '../../config';
import { assertFileKey, contentTypeOfKey } from './file-keys';
import type { ByteRange, FileStorage } from './file-storage';

/** Parts of a multipart upload: S3's minimum, so at most `PART_SIZE × QUEUE_SIZE` bytes are held in memory per upload. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…) through the AWS SDK v3: the client
 * signs every request (Signature V4), `@aws-sdk/lib-storage` streams uploads as a multipart
 * upload (parts of 5 MB, two in flight: memory stays flat whatever the size, and a file under one
 * part is a single PUT), and `@aws-sdk/s3-request-presigner` makes the short-lived links reads are
 * redirected to (the bucket serves ranges itself). The SDK rather than `aws4fetch`: this runs on
 * the server only (its size does not matter), and the SDK brings the multipart upload — start,
 * parts, completion, abort on failure — which aws4fetch would leave to us.
 *
 * The storage contract tests (`test/files/storage-contract.test.ts`) run it against s3rver, which
 * checks the signatures.
 */
export function createS3Storage(config: S3StorageConfig, now: () => Date = () => new Date()): FileStorage {
  const endpoint = new URL(config.endpoint);
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // AWS serves buckets as subdomains; R2, MinIO and s3rver by path.
    forcePathStyle: !endpoint.hostname.endsWith('.amazonaws.com'),
    // Only where the provider asks for them (R2 refuses the CRC checksums newer SDKs add by default).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    driver: 's3',

    async write(key, source, contentType) {
      assertFileKey(key);
      let size = 0;
      const counted = source.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(null, chunk);
          },
        }),
      );
      // pipe() does not pass errors on: a source that fails (too large, connection lost) fails the upload.
      source.once('error', (error) => counted.destroy(error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        // A failed upload aborts the multipart upload: no parts left behind in the bucket.
        leavePartsOnError: false,
      });
      await upload.done();
      return { size };
    },

    async stat(key) {
      assertFileKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key, range?: ByteRange) {
      assertFileKey(key);
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return object.Body as Readable;
    },

    async delete(key) {
      assertFileKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    directUrl: (key, expiresInSeconds) => {
      assertFileKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: Math.min(604_800, Math.max(1, Math.floor(expiresInSeconds))),
        // Signed at the app's clock (the API's own links use it too).
        signingDate: now(),
      });
    },

    async close() {
      client.destroy();
    },
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');
}
