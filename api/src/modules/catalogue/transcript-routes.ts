import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TranscriptDocument, VideoDocument } from './documents';
import { AppError, forbidden, notFound, unauthorized } from '../../http/app-error';
import { lockOf } from '../entitlements/rules/gate';
import { IdOrSlugParams } from './schemas';
import { errorResponses, IdParams } from '../../http/schemas';
import { SignedFileQuery } from '../files/schemas';
import { TranscriptBody, TranscriptSchema, WebVttText } from './transcript-schemas';
import { transcriptResource } from './responses';
import { parseTranscript, toWebVtt } from './rules/transcript-format';
import { found, routeOptions } from '../../http/route-options';

const tags = ['videos'];
const route = routeOptions(tags);
const videoNotFound = () => notFound('Vídeo não encontrado.', 'VIDEO_NOT_FOUND');
const transcriptNotFound = () => notFound('Este vídeo ainda não tem transcrição.', 'TRANSCRIPT_NOT_FOUND');

/** A transcript of a few hours is a few hundred kB of text; JSON escaping can double it. */
const TRANSCRIPT_BODY_LIMIT = 5 * 1024 * 1024;

const toTranscriptResponse = (transcript: TranscriptDocument) => ({
  videoId: transcript.videoId.toHexString(),
  format: transcript.format,
  cueCount: transcript.cues.length,
  updatedAt: transcript.updatedAt.toISOString(),
  cues: transcript.cues.map(({ startSeconds, endSeconds, text }) => ({ startSeconds, endSeconds, text })),
});

/**
 * Transcripts: admins upload WebVTT or SRT (parsed, validated, kept as cues); members read them
 * gated exactly like the video's source — as JSON for the transcript panel, or as WebVTT for the
 * player's captions track through the signed link the video answer carries (`captionsUrl`).
 */
const transcripts: FastifyPluginAsyncTypebox = async (fastify) => {
  /** The video as the caller may see it (drafts only for admins), and the gate's answer. */
  async function gatedVideo(request: FastifyRequest, idOrSlug: string): Promise<{ video: VideoDocument; open: boolean; deny: AppError | null }> {
    const video = found(await fastify.videosRepository.findByIdOrSlug(idOrSlug, request.user?.role !== 'ADMIN'), videoNotFound);
    const lock = lockOf(await fastify.entitlements.viewer(request, 'VIDEO', [video._id]), video);
    if (!lock) return { video, open: true, deny: null };
    const deny = lock.reason === 'SIGN_IN_REQUIRED' ? unauthorized(lock.message, lock.reason) : new AppError(403, lock.reason, lock.message);
    return { video, open: false, deny };
  }

  async function transcriptOf(video: VideoDocument): Promise<TranscriptDocument> {
    return found(await fastify.transcriptsRepository.findByVideo(video._id), transcriptNotFound);
  }

  fastify.get(
    '/:idOrSlug/transcript',
    route('optional', 'A transcrição, fala a fala (painel do player); só com acesso ao vídeo', {
      params: IdOrSlugParams,
      response: { 200: TranscriptSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const { video, deny } = await gatedVideo(request, request.params.idOrSlug);
      if (deny) throw deny;
      return toTranscriptResponse(await transcriptOf(video));
    },
  );

  fastify.get(
    '/:idOrSlug/transcript.vtt',
    route('optional', 'Legendas em WebVTT para o <track> do player: com o link assinado (captionsUrl) ou com token de quem tem acesso', {
      params: IdOrSlugParams,
      querystring: SignedFileQuery,
      produces: ['text/vtt'],
      response: { 200: WebVttText, ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      const { expires, signature } = request.query;
      const { video, deny } = await gatedVideo(request, request.params.idOrSlug);
      if (expires !== undefined || signature !== undefined) {
        const check =
          expires !== undefined && signature !== undefined
            ? fastify.fileUrls.check(transcriptResource(video._id.toHexString()), expires, signature)
            : 'invalid';
        if (check === 'invalid') throw forbidden('Link de legendas inválido.', 'INVALID_SIGNATURE');
        if (check === 'expired') throw forbidden('Este link de legendas expirou. Abra o vídeo novamente.', 'LINK_EXPIRED');
      } else if (deny) {
        throw deny;
      }
      const transcript = await transcriptOf(video);
      return reply.type('text/vtt; charset=utf-8').header('cache-control', 'private, max-age=300').send(toWebVtt(transcript.cues));
    },
  );

  fastify.put(
    '/:id/transcript',
    {
      bodyLimit: TRANSCRIPT_BODY_LIMIT,
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Envia ou substitui a transcrição (admin): texto de um arquivo WebVTT ou SRT',
        description: 'Arquivo fora do formato: 400 INVALID_TRANSCRIPT dizendo a linha e o problema; nada muda.',
        params: IdParams,
        body: TranscriptBody,
        response: { 200: TranscriptSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const video = found(await fastify.videosRepository.findById(request.params.id), videoNotFound);
      const { format, cues } = parseTranscript(request.body.content);
      const transcript = await fastify.transcriptsRepository.replace(video._id, format, cues);
      await fastify.videosRepository.update(video._id, { transcript: { cueCount: cues.length, updatedAt: transcript.updatedAt } });
      return toTranscriptResponse(transcript);
    },
  );

  fastify.delete(
    '/:id/transcript',
    route('admin', 'Remove a transcrição de um vídeo (admin)', {
      params: IdParams,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      const video = found(await fastify.videosRepository.findById(request.params.id), videoNotFound);
      if (!(await fastify.transcriptsRepository.deleteByVideo(video._id))) throw transcriptNotFound();
      await fastify.videosRepository.update(video._id, { transcript: null });
      return reply.code(204).send(null);
    },
  );
};

export default transcripts;
