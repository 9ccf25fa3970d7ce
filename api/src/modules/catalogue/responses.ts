import type { ObjectId } from 'mongodb';
import { toProgressSummary } from '../progress/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueItemDocument, CategoryDocument, ContentDocument, ItemType, VideoDocument } from './documents';
import type { VideoProgressDocument } from '../progress/documents';
import { lockOf, type Viewer } from '../entitlements/rules/gate';
import type { CategoryResponse, ContentResponse, VideoResponse } from './schemas';
import { contentTypeOfKey } from '../../plugins/file-storage/file-keys';

export function toCategoryResponse(category: CategoryDocument): CategoryResponse {
  return {
    _id: category._id.toHexString(),
    name: category.name,
    slug: category.slug,
    order: category.order,
    createdAt: category.createdAt.toISOString(),
    updatedAt: category.updatedAt.toISOString(),
  };
}

interface ViewContext {
  fastify: FastifyInstance;
  request: FastifyRequest;
  viewer: Viewer;
  categories: Map<string, CategoryDocument>;
}

async function contextFor(fastify: FastifyInstance, request: FastifyRequest, itemType: ItemType, items: CatalogueItemDocument[]) {
  const [viewer, categories] = await Promise.all([
    fastify.entitlements.viewer(
      request,
      itemType,
      items.filter((item) => item.access === 'CREDITS').map((item) => item._id),
    ),
    fastify.categoriesRepository.all(),
  ]);
  return { fastify, request, viewer, categories: new Map(categories.map((category) => [category._id.toHexString(), category])) };
}

/** What every visitor may see about an item, and the caller's gate. */
function card(context: ViewContext, item: CatalogueItemDocument) {
  const lock = lockOf(context.viewer, item);
  const category = context.categories.get(item.categoryId.toHexString());
  return {
    lock,
    fields: {
      _id: item._id.toHexString(),
      title: item.title,
      slug: item.slug,
      categoryId: item.categoryId.toHexString(),
      category: category ? { _id: category._id.toHexString(), name: category.name, slug: category.slug } : null,
      access: item.access,
      creditCost: item.creditCost,
      status: item.status,
      publishedAt: item.publishedAt ? item.publishedAt.toISOString() : null,
      createdAt: item.createdAt.toISOString(),
      updatedAt: item.updatedAt.toISOString(),
      locked: lock !== null,
      lockReason: lock?.reason ?? null,
      lockMessage: lock?.message ?? null,
      unlocked: context.viewer.unlockedIds.has(item._id.toHexString()),
    },
  };
}

/**
 * Contents as the caller may see them. `detail`: the body and the attachments (signed links)
 * are added only when the gate is open; lists never carry them.
 */
export async function contentViews(
  fastify: FastifyInstance,
  request: FastifyRequest,
  contents: ContentDocument[],
  detail = false,
): Promise<ContentResponse[]> {
  const context = await contextFor(fastify, request, 'CONTENT', contents);
  return contents.map((content) => {
    const { lock, fields } = card(context, content);
    const view: ContentResponse = {
      ...fields,
      summary: content.summary,
      coverUrl: content.coverUrl ? fastify.fileUrls.absolute(request, content.coverUrl) : null,
      attachmentsCount: content.attachments.length,
    };
    if (detail && !lock) {
      view.body = content.body;
      view.attachments = content.attachments.map((attachment) => {
        const signed = fastify.fileUrls.signedUrl(request, attachment.key);
        return {
          name: attachment.name,
          key: attachment.key,
          contentType: contentTypeOfKey(attachment.key),
          url: signed.url,
          expiresAt: signed.expiresAt.toISOString(),
        };
      });
    }
    return view;
  });
}

/** Where the player's captions track loads the transcript from: a signed link (a <track> sends no token). */
export function captionsUrl(fastify: FastifyInstance, request: FastifyRequest, videoId: string): string {
  const { query } = fastify.fileUrls.signedQuery(transcriptResource(videoId));
  return fastify.fileUrls.absolute(request, `/v1/videos/${videoId}/transcript.vtt?${query}`);
}

export const transcriptResource = (videoId: string) => `transcripts/${videoId}`;

/**
 * Videos as the caller may see them, with the caller's progress on each (signed-in); `detail`
 * adds the source (a signed link for files) and the captions link when the gate is open.
 * `knownProgress`: the caller's progress in these videos when the caller already read it (the
 * "continuar assistindo" list), so it is not read again.
 */
export async function videoViews(
  fastify: FastifyInstance,
  request: FastifyRequest,
  videos: VideoDocument[],
  detail = false,
  knownProgress?: VideoProgressDocument[],
): Promise<VideoResponse[]> {
  const [context, progress] = await Promise.all([
    contextFor(fastify, request, 'VIDEO', videos),
    knownProgress ??
      (request.user ? fastify.progressRepository.findForVideos(request.user._id, videos.map((video) => video._id)) : Promise.resolve([])),
  ]);
  const progressByVideo = new Map(progress.map((entry) => [entry.videoId.toHexString(), entry]));
  // The HLS ladder of uploaded files, once its conversion is ready (modules/media); until then the MP4 plays.
  const readyLadders = new Set<string>();
  if (detail) {
    for (const video of videos) {
      if (video.source.kind !== 'file') continue;
      const transcode = await fastify.transcodesRepository.find(video.source.url);
      if (transcode?.status === 'READY') readyLadders.add(video.source.url);
    }
  }
  return videos.map((video) => {
    const { lock, fields } = card(context, video);
    const own = progressByVideo.get(fields._id);
    const view: VideoResponse = {
      ...fields,
      description: video.description,
      durationSeconds: video.durationSeconds,
      thumbnailUrl: video.thumbnailUrl ? fastify.fileUrls.absolute(request, video.thumbnailUrl) : null,
      sourceKind: video.source.kind,
      chapters: video.chapters ?? [],
      hasTranscript: Boolean(video.transcript),
      progress: own ? toProgressSummary(own) : null,
    };
    if (detail && !lock) {
      if (video.transcript) view.captionsUrl = captionsUrl(fastify, request, fields._id);
      if (video.source.kind === 'file') {
        const signed = fastify.fileUrls.signedUrl(request, video.source.url);
        view.source = { kind: 'file', url: signed.url, key: video.source.url, expiresAt: signed.expiresAt.toISOString() };
        if (readyLadders.has(video.source.url)) {
          const hlsUrl = fastify.fileUrls.signedHlsUrl(request, video.source.url).url;
          // The ladder's poster, in the same signed folder.
          view.source.hlsUrl = hlsUrl;
          view.source.posterUrl = new URL('poster.jpg', hlsUrl).href;
        }
      } else {
        view.source = { kind: video.source.kind, url: video.source.url };
      }
    }
    return view;
  });
}

/**
 * The cards of some published contents and videos as the caller may see them (search results,
 * "meus conteúdos"), found by type and id; null for one that is gone or not published.
 */
export async function cardsOf(fastify: FastifyInstance, request: FastifyRequest, items: { type: ItemType; id: ObjectId }[]) {
  const idsOf = (type: ItemType) => items.filter((item) => item.type === type).map((item) => item.id);
  const [contents, videos] = await Promise.all([
    fastify.contentsRepository.findByIds(idsOf('CONTENT'), true).then((found) => contentViews(fastify, request, found)),
    fastify.videosRepository.findByIds(idsOf('VIDEO'), true).then((found) => videoViews(fastify, request, found)),
  ]);
  const contentById = new Map(contents.map((view) => [view._id, view]));
  const videoById = new Map(videos.map((view) => [view._id, view]));
  return {
    content: (type: ItemType, id: ObjectId) => (type === 'CONTENT' ? (contentById.get(id.toHexString()) ?? null) : null),
    video: (type: ItemType, id: ObjectId) => (type === 'VIDEO' ? (videoById.get(id.toHexString()) ?? null) : null),
  };
}
