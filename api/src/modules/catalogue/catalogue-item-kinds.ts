import type { ContentDocument, VideoDocument } from './documents';
import { notFound } from '../../http/app-error';
import { ContentSchema, CreateContentBody, CreateVideoBody, UpdateContentBody, UpdateVideoBody, VideoSchema } from './schemas';
import { assertFilesExist } from './use-cases/check-references';
import { checkChapters } from './rules/chapters';
import type { CatalogueItemKind } from './catalogue-item-routes';
import { contentViews, videoViews } from './responses';

/** Contents: text (Markdown body) with PDF attachments; the body and attachments are gated. */
export const CONTENT_KIND: CatalogueItemKind<ContentDocument, typeof ContentSchema, typeof CreateContentBody, typeof UpdateContentBody> = {
  tag: 'contents',
  repository: (fastify) => fastify.contentsRepository,
  notFound: () => notFound('Conteúdo não encontrado.', 'CONTENT_NOT_FOUND'),
  schemas: { item: ContentSchema, create: CreateContentBody, update: UpdateContentBody },
  views: contentViews,
  summaries: {
    list: 'Conteúdos (cartões, sem corpo), mais recentes primeiro; token opcional',
    read: 'Um conteúdo pelo id ou slug; corpo e anexos (links assinados) só com acesso',
    create: 'Cria um conteúdo (admin); PUBLISHED sem publishedAt publica agora',
    update: 'Altera um conteúdo (admin); rascunho → publicado define publishedAt',
    delete: 'Exclui um conteúdo (admin); os desbloqueios ficam no histórico do membro',
  },
  async createFields(fastify, input) {
    const attachments = input.attachments ?? [];
    await assertFilesExist(fastify, attachments.map((attachment) => attachment.key));
    return { summary: input.summary.trim(), body: input.body, coverUrl: input.coverUrl ?? null, attachments };
  },
  async changedFields(fastify, input) {
    const { summary, attachments, ...rest } = input;
    const changes: Partial<ContentDocument> = { ...rest };
    if (summary !== undefined) changes.summary = summary.trim();
    if (attachments !== undefined) {
      await assertFilesExist(fastify, attachments.map((attachment) => attachment.key));
      changes.attachments = attachments;
    }
    return changes;
  },
};

/**
 * Videos: the source (a signed, range-capable link for MP4 files, the address for YouTube /
 * Vimeo) only reaches those the gate lets through, as for contents.
 */
export const VIDEO_KIND: CatalogueItemKind<VideoDocument, typeof VideoSchema, typeof CreateVideoBody, typeof UpdateVideoBody> = {
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
