import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { forbidden, notFound } from '../../http/app-error';
import { errorResponses } from '../../http/schemas';
import { found, routeOptions } from '../../http/route-options';
import { isFileKey } from '../../plugins/file-storage/file-keys';
import { hlsResource } from './file-urls-service';
import { FileBytes, HlsFileParams, HlsRenditionFileParams } from './schemas';

const route = routeOptions(['files']);

const fileNotFound = () => notFound('Arquivo não encontrado.', 'FILE_NOT_FOUND');

/**
 * A video's HLS ladder: `master.m3u8`, `<rung>/index.m3u8`, `<rung>/seg-NNNNN.ts`, `poster.jpg`
 * under `/v1/files/hls/<name>/<expires>-<signature>/`. The signature is in the path, so the
 * playlists' relative links keep it; it is issued only to whoever may play the video (the video's
 * detail, when the gate is open) and expires like every file link. Playlists are always streamed
 * by the API (the player resolves their relative links against the address it read them from);
 * segments on a bucket are redirected to a presigned link of the bucket.
 */
const hls: FastifyPluginAsyncTypebox = async (fastify) => {
  async function serve(reply: FastifyReply, name: string, token: string, file: string) {
    const separator = token.indexOf('-');
    const expires = Number(token.slice(0, separator));
    const signature = token.slice(separator + 1);
    const folder = `hls/${name}`;
    const check = fastify.fileUrls.check(hlsResource(folder), expires, signature);
    if (check === 'invalid') throw forbidden('Link de vídeo inválido.', 'INVALID_SIGNATURE');
    if (check === 'expired') throw forbidden('Este link expirou. Abra o vídeo novamente para gerar outro.', 'LINK_EXPIRED');
    const key = `${folder}/${file}`;
    if (!isFileKey(key)) throw fileNotFound();

    const storage = fastify.fileStorage;
    const remaining = Math.max(1, expires - Math.floor(fastify.clock.now().getTime() / 1000));
    if (storage.directUrl && !key.endsWith('.m3u8')) return reply.redirect(await storage.directUrl(key, remaining), 302);
    const info = found(await storage.stat(key), fileNotFound);
    reply.header('content-type', info.contentType);
    reply.header('content-length', info.size);
    reply.header('cache-control', `private, max-age=${remaining}`);
    return reply.send(await storage.read(key));
  }

  const response = { 200: FileBytes, 302: FileBytes, ...errorResponses(403, 404) };
  fastify.get(
    '/:name/:token/:file',
    route('public', 'Playlist principal ou pôster do HLS de um vídeo (link assinado no caminho)', { params: HlsFileParams, response }),
    async (request, reply) => serve(reply, request.params.name, request.params.token, request.params.file),
  );
  fastify.get(
    '/:name/:token/:rendition/:file',
    route('public', 'Playlist ou segmento de uma qualidade do HLS de um vídeo (link assinado no caminho)', { params: HlsRenditionFileParams, response }),
    async (request, reply) => serve(reply, request.params.name, request.params.token, `${request.params.rendition}/${request.params.file}`),
  );
};

export default hls;
