import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FILES_PATH_PREFIX, hlsFolderOf } from '../../plugins/file-storage/file-keys';

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export interface SignedFileUrl {
  url: string;
  expiresAt: Date;
}

export interface FileUrls {
  /** `/v1/files/<key>?expires=…&signature=…`, valid for `ttlSeconds` (FILE_URL_TTL_SECONDS by default). */
  signedPath(key: string, ttlSeconds?: number): { path: string; expiresAt: Date };
  /** The same, absolute, for a page on another origin. */
  signedUrl(request: FastifyRequest, key: string, ttlSeconds?: number): SignedFileUrl;
  check(key: string, expires: number, signature: string): SignatureCheck;
  /**
   * The same signature for something that is not a stored file (e.g. `transcripts/<videoId>`,
   * which can never be a file key, so one link never opens the other): `?expires=…&signature=…`.
   */
  signedQuery(resource: string, ttlSeconds?: number): { query: string; expiresAt: Date };
  /**
   * A video's HLS ladder (`hls/<name>/`), signed in the path — `/v1/files/hls/<name>/<expires>-<signature>/master.m3u8`
   * — so the playlists' relative links (renditions, segments) carry the same signature; it opens
   * every file of that folder and no other, until it expires.
   */
  signedHlsUrl(request: FastifyRequest, videoKey: string, ttlSeconds?: number): SignedFileUrl;
  /** Stored image fields hold `https://…` or `/v1/files/images/…`; pages get an absolute URL. */
  absolute(request: FastifyRequest, pathOrUrl: string): string;
}

/** What an HLS link signs: the folder with a trailing slash, which no file key can be. */
export const hlsResource = (folder: string) => `${folder}/`;

export default fp(
  async function fileUrls(fastify: FastifyInstance) {
    const { fileUrlSecret, fileUrlTtlSeconds, publicApiUrl } = fastify.config;
    const sign = (key: string, expires: number) =>
      createHmac('sha256', fileUrlSecret).update(`${key}\n${expires}`).digest('base64url');
    const origin = (request: FastifyRequest) => publicApiUrl ?? `${request.protocol}://${request.host}`;

    const urls: FileUrls = {
      signedQuery(resource, ttlSeconds = fileUrlTtlSeconds) {
        const expires = Math.floor(fastify.clock.now().getTime() / 1000) + ttlSeconds;
        return { query: `expires=${expires}&signature=${sign(resource, expires)}`, expiresAt: new Date(expires * 1000) };
      },

      signedPath(key, ttlSeconds) {
        const { query, expiresAt } = urls.signedQuery(key, ttlSeconds);
        return { path: `${FILES_PATH_PREFIX}${key}?${query}`, expiresAt };
      },

      signedHlsUrl(request, videoKey, ttlSeconds = fileUrlTtlSeconds) {
        const folder = hlsFolderOf(videoKey);
        const expires = Math.floor(fastify.clock.now().getTime() / 1000) + ttlSeconds;
        const token = `${expires}-${sign(hlsResource(folder), expires)}`;
        return { url: `${origin(request)}${FILES_PATH_PREFIX}${folder}/${token}/master.m3u8`, expiresAt: new Date(expires * 1000) };
      },

      signedUrl(request, key, ttlSeconds) {
        const { path, expiresAt } = urls.signedPath(key, ttlSeconds);
        return { url: `${origin(request)}${path}`, expiresAt };
      },

      check(key, expires, signature) {
        const expected = Buffer.from(sign(key, expires));
        const given = Buffer.from(signature);
        // Tampering is judged before expiry, so a forged link never learns more than "inválido".
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
        return expires * 1000 <= fastify.clock.now().getTime() ? 'expired' : 'valid';
      },

      absolute(request, pathOrUrl) {
        return pathOrUrl.startsWith('/') ? `${origin(request)}${pathOrUrl}` : pathOrUrl;
      },
    };
    fastify.decorate('fileUrls', urls);
  },
  { name: 'file-urls', dependencies: ['clock'] },
);
