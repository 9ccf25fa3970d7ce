import type { ContentDocument } from './documents';
import { notFound } from '../../http/app-error';
import { catalogueItemRoutes, type CatalogueItemKind } from './catalogue-item-routes';
import { contentViews } from './responses';
import { ContentSchema, CreateContentBody, UpdateContentBody } from './schemas';
import { assertFilesExist } from './use-cases/check-references';

/** Contents: text (Markdown body) with PDF attachments; the body and attachments are gated. */
const CONTENT_KIND: CatalogueItemKind<ContentDocument, typeof ContentSchema, typeof CreateContentBody, typeof UpdateContentBody> = {
  tag: 'contents',
  itemType: 'CONTENT',
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

/** /contents: the catalogue-item routes (catalogue-item-routes.ts) for contents. */
export default catalogueItemRoutes(CONTENT_KIND);
