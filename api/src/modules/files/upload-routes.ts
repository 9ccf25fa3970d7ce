import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, badRequest } from '../../http/app-error';
import { errorResponses } from '../../http/schemas';
import { UploadResultSchema } from './schemas';
import { detectFileType, extensionOf, LARGEST_UPLOAD_BYTES, SNIFF_BYTES, type FileType } from './rules/file-types';
import { FILES_PATH_PREFIX } from '../../plugins/file-storage/file-keys';
import { found, routeOptions } from '../../http/route-options';

const route = routeOptions(['uploads']);

const unsupported = () =>
  new AppError(415, 'UNSUPPORTED_FILE_TYPE', 'Tipo de arquivo não aceito. Envie uma imagem (JPEG, PNG ou WEBP), um PDF ou um vídeo MP4.');

function sizeLabel(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GB` : `${bytes / 1024 ** 2} MB`;
}

/**
 * Resolves with the first `count` bytes (fewer if the stream ends), leaving the stream paused and
 * unread past them; `ended` says the upload was shorter than that (nothing more will come).
 */
function readHead(stream: Readable, count: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let ended = false;
    const onEnd = () => {
      ended = true;
      finish();
    };
    const finish = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', reject);
      const all = Buffer.concat(chunks);
      // Whatever was read past the head goes back, so the stored file is byte for byte the upload.
      if (all.length > count) stream.unshift(all.subarray(count));
      resolve({ head: all.subarray(0, count), ended });
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (length < count && (chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length >= count) finish();
    };
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', reject);
  });
}

/** Passes bytes through and fails the stream as soon as the type's limit is passed. */
function sizeLimit(type: FileType): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > type.maxBytes) {
        callback(new AppError(413, 'FILE_TOO_LARGE', `O arquivo passa do limite de ${sizeLabel(type.maxBytes)} para ${type.label}.`));
        return;
      }
      callback(null, chunk);
    },
  });
}

/** Reads what is left of a refused upload, so the client gets the answer instead of a broken connection. */
function drain(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.readableEnded) {
      resolve();
      return;
    }
    stream.on('error', () => resolve());
    stream.on('end', () => resolve());
    stream.on('close', () => resolve());
    stream.resume();
  });
}

/**
 * POST /v1/uploads (admin, multipart field "file"): the type comes from the first bytes and
 * must agree with the file name; the bytes stream to storage under a random name (never held
 * whole in memory); the answer says what to save on the item.
 */
/** True when the request carries another part after the file (or went past the one-file limit). */
async function hasMoreParts(parts: AsyncIterator<unknown>): Promise<boolean> {
  try {
    const next = await parts.next();
    if (next.done) return false;
    const extra = next.value as Partial<MultipartFile>;
    if (extra.file) await drain(extra.file);
    return true;
  } catch {
    return true;
  }
}

const uploads: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(multipart, {
    limits: { fileSize: LARGEST_UPLOAD_BYTES + 1, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });

  fastify.post(
    '/',
    route('admin', 'Envia um arquivo (admin, multipart/form-data, campo "file")', {
      description:
        'Imagens JPEG, PNG ou WEBP até 5 MB; PDF até 20 MB; vídeo MP4 até 2 GB. O tipo é lido dos bytes e precisa ' +
        'combinar com a extensão do nome. 415: tipo não aceito ou diferente da extensão; 413: grande demais.',
      consumes: ['multipart/form-data'],
      response: { 201: UploadResultSchema, ...errorResponses(401, 403) },
    }),
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(415, 'MULTIPART_REQUIRED', 'Envie o arquivo como multipart/form-data, no campo "file".');
      }
      // The parts one by one: a second file is noticed (files: 1 makes it a limit error) and refused.
      const parts = request.parts();
      let part;
      try {
        part = (await parts.next()).value as MultipartFile | undefined;
      } catch {
        throw badRequest('Envio inválido: mande um único arquivo no campo "file".', 'INVALID_UPLOAD');
      }
      if (!part) throw badRequest('Nenhum arquivo recebido: mande o arquivo no campo "file".', 'FILE_REQUIRED');
      const stream = part.file;
      try {
        if (part.fieldname !== 'file') throw badRequest('Mande o arquivo no campo "file".', 'FILE_REQUIRED');
        const { head, ended } = await readHead(stream, SNIFF_BYTES);
        const type = found(detectFileType(head), unsupported);
        const extension = extensionOf(part.filename);
        if (!(type.nameExtensions as readonly string[]).includes(extension)) {
          throw new AppError(
            415,
            'FILE_TYPE_MISMATCH',
            `O conteúdo do arquivo é ${type.label}, mas o nome termina em "${extension ? `.${extension}` : '(sem extensão)'}". Envie o arquivo certo ou corrija a extensão.`,
          );
        }
        // A file shorter than the sniffed head has already ended: a stream cannot take bytes back after
        // its end, so the head alone is the whole file.
        if (!ended) stream.unshift(head);
        const body: Readable = ended ? Readable.from([head]) : stream;
        const key = `${type.folder}/${randomBytes(16).toString('hex')}.${type.extension}`;
        const limited = sizeLimit(type);
        body.once('error', (error) => limited.destroy(error));
        const { size } = await fastify.fileStorage.write(key, body.pipe(limited), type.contentType);
        if ((stream as Readable & { truncated?: boolean }).truncated) {
          await fastify.fileStorage.delete(key);
          throw new AppError(413, 'FILE_TOO_LARGE', `O arquivo passa do limite de ${sizeLabel(type.maxBytes)} para ${type.label}.`);
        }
        if (await hasMoreParts(parts)) {
          await fastify.fileStorage.delete(key);
          throw badRequest('Envie um único arquivo por vez, no campo "file".', 'INVALID_UPLOAD');
        }
        // A video is converted to HLS by a job (modules/media); the MP4 plays until the ladder is ready.
        if (type.kind === 'video') await fastify.transcoding.enqueue(key);
        const signed = type.kind === 'image' ? null : fastify.fileUrls.signedUrl(request, key);
        return reply.code(201).send({
          key,
          kind: type.kind,
          contentType: type.contentType,
          sizeBytes: size,
          reference: type.kind === 'image' ? `${FILES_PATH_PREFIX}${key}` : key,
          url: signed ? signed.url : fastify.fileUrls.absolute(request, `${FILES_PATH_PREFIX}${key}`),
          expiresAt: signed ? signed.expiresAt.toISOString() : null,
        });
      } catch (error) {
        await drain(stream);
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'FILE_TOO_LARGE', 'O arquivo passa do limite de 2 GB.');
        }
        throw error;
      }
    },
  );
};

export default uploads;
