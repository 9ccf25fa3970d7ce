import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, forbidden, notFound } from '../../http/app-error';
import { errorResponses } from '../../http/schemas';
import { FileBytes, FileParams, SignedFileQuery } from './schemas';
import { parseByteRange } from '../../http/byte-range';
import { isFileKey, isPublicKey } from '../../plugins/file-storage/file-keys';
import { found, routeOptions } from '../../http/route-options';

const route = routeOptions(['files']);

const fileNotFound = () => notFound('Arquivo não encontrado.', 'FILE_NOT_FOUND');

/**
 * Serves stored files. Images are public (cards show them to visitors); documents and videos
 * need the signed link the API hands to entitled members (no Authorization header: a <video>
 * or a download link cannot send one). Range requests get 206, so a video seeks.
 */
const files: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:folder/:name',
    route('public', 'Bytes de um arquivo; documentos e vídeos só com link assinado (expires + signature); aceita Range', {
      params: FileParams,
      querystring: SignedFileQuery,
      response: { 200: FileBytes, 206: FileBytes, 302: FileBytes, ...errorResponses(403, 404, 416) },
    }),
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params.name}`;
      if (!isFileKey(key)) throw fileNotFound();
      const { expires, signature } = request.query;
      const publicFile = isPublicKey(key);
      if (!publicFile) {
        if (expires === undefined || signature === undefined) {
          throw forbidden('Este arquivo só abre por um link assinado. Abra o item no Clube para gerar um.', 'SIGNATURE_REQUIRED');
        }
        const check = fastify.fileUrls.check(key, expires, signature);
        if (check === 'invalid') throw forbidden('Link de arquivo inválido.', 'INVALID_SIGNATURE');
        if (check === 'expired') throw forbidden('Este link expirou. Abra o item novamente para gerar outro.', 'LINK_EXPIRED');
      }

      const storage = fastify.fileStorage;
      if (storage.directUrl) {
        // A bucket serves the bytes and the ranges itself; the link it gets lives as long as ours.
        const seconds = publicFile ? 3600 : Math.max(1, expires! - Math.floor(fastify.clock.now().getTime() / 1000));
        return reply.redirect(await storage.directUrl(key, seconds), 302);
      }

      const info = found(await storage.stat(key), fileNotFound);
      const range = parseByteRange(request.headers.range, info.size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${info.size}`);
        throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'O trecho pedido está fora do arquivo.');
      }
      reply.header('content-type', info.contentType);
      reply.header('accept-ranges', 'bytes');
      reply.header(
        'cache-control',
        publicFile ? 'public, max-age=86400, immutable' : `private, max-age=${Math.max(0, expires! - Math.floor(fastify.clock.now().getTime() / 1000))}`,
      );
      if (range) {
        reply.code(206);
        reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
        reply.header('content-length', range.end - range.start + 1);
        return reply.send(await storage.read(key, range));
      }
      reply.header('content-length', info.size);
      return reply.send(await storage.read(key));
    },
  );
};

export default files;
