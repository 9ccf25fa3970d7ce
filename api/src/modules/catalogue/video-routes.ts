import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { VideoDocument } from './documents';
import { notFound } from '../../http/app-error';
import { catalogueItemRoutes, type CatalogueItemKind } from './catalogue-item-routes';
import { videoViews } from './responses';
import { checkChapters } from './rules/chapters';
import { CreateVideoBody, UpdateVideoBody, VideoSchema } from './schemas';
import transcriptRoutes from './transcript-routes';
import { assertFilesExist } from './use-cases/check-references';

/** A file the video was given a replacement for leaves storage with its HLS ladder, unless another video plays it. */
async function discardUnusedFile(fastify: FastifyInstance, video: VideoDocument): Promise<void> {
  if (video.source.kind !== 'file' || (await fastify.videosRepository.usesSourceFile(video.source.url))) return;
  await fastify.transcoding.discard(video.source.url);
}

/**
 * Videos: the source (a signed, range-capable link for MP4 files, the address for YouTube /
 * Vimeo) only reaches those the gate lets through, as for contents.
 */
const VIDEO_KIND: CatalogueItemKind<VideoDocument, typeof VideoSchema, typeof CreateVideoBody, typeof UpdateVideoBody> = {
  tag: 'videos',
  repository: (fastify) => fastify.videosRepository,
  notFound: () => notFound('Vídeo não encontrado.', 'VIDEO_NOT_FOUND'),
  schemas: { item: VideoSchema, create: CreateVideoBody, update: UpdateVideoBody },
  views: videoViews,
  summaries: {
    list: 'Vídeos (cartões, sem fonte), mais recentes primeiro; token opcional',
    read: 'Um vídeo pelo id ou slug; a fonte (link assinado para MP4) só com acesso',
    create: 'Cria um vídeo (admin); PUBLISHED sem publishedAt publica agora',
    update: 'Altera um vídeo (admin); rascunho → publicado define publishedAt',
    delete: 'Exclui um vídeo (admin); os desbloqueios ficam no histórico do membro',
  },
  async createFields(fastify, input) {
    if (input.source.kind === 'file') await assertFilesExist(fastify, [input.source.url]);
    return {
      description: input.description?.trim() ?? '',
      source: input.source,
      durationSeconds: input.durationSeconds,
      thumbnailUrl: input.thumbnailUrl ?? null,
      chapters: checkChapters(input.chapters ?? [], input.durationSeconds),
      transcript: null,
    };
  },
  async afterDelete(fastify, video) {
    await fastify.transcriptsRepository.deleteByVideo(video._id);
  },
  async afterUpdate(fastify, before, after) {
    if (before.source.kind === 'file' && (after.source.kind !== 'file' || after.source.url !== before.source.url)) await discardUnusedFile(fastify, before);
  },
  async changedFields(fastify, input, current) {
    const { description, source, chapters, ...rest } = input;
    const changes: Partial<VideoDocument> = { ...rest };
    // A shorter duration must still hold every chapter; new chapters must fit the duration.
    if (chapters !== undefined || input.durationSeconds !== undefined) {
      changes.chapters = checkChapters(chapters ?? current.chapters ?? [], input.durationSeconds ?? current.durationSeconds);
    }
    if (description !== undefined) changes.description = description.trim();
    if (source !== undefined) {
      if (source.kind === 'file') await assertFilesExist(fastify, [source.url]);
      changes.source = source;
    }
    return changes;
  },
};

/** /videos: the catalogue-item routes (catalogue-item-routes.ts) for videos, plus their transcripts. */
const videoRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(catalogueItemRoutes(VIDEO_KIND));
  await fastify.register(transcriptRoutes);
};

export default videoRoutes;
