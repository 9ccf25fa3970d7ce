import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ObjectId } from 'mongodb';
import { API_ROOT } from '../config';
import type { BannerDocument } from '../modules/banners/documents';
import type { CategoryDocument, ContentDocument, VideoDocument } from '../modules/catalogue/documents';
import { contentTypeOfKey } from '../plugins/file-storage/file-keys';
import { DEMO_BANNERS, DEMO_CATEGORIES, DEMO_CONTENTS, DEMO_FILES, DEMO_VIDEOS, cover } from './demo-catalogue';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_ASSETS_DIR = path.join(API_ROOT, 'assets', 'demo');

/**
 * The demo catalogue: files into storage (when missing), then categories, contents, videos and
 * banners upserted by slug / title with $setOnInsert, so running it again changes nothing and
 * never overwrites what an admin edited.
 */
export async function seedCatalogue(app: FastifyInstance): Promise<Record<string, number>> {
  const now = app.clock.now().getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
  let filesCopied = 0;
  for (const key of DEMO_FILES) {
    if (await app.fileStorage.stat(key)) continue;
    await app.fileStorage.write(key, createReadStream(path.join(DEMO_ASSETS_DIR, path.basename(key))), contentTypeOfKey(key));
    filesCopied += 1;
  }

  let categoriesCreated = 0;
  for (const [order, category] of DEMO_CATEGORIES.entries()) {
    const created = new Date(now - 120 * DAY_MS);
    const doc: CategoryDocument = { _id: new ObjectId(), slug: category.slug, name: category.name, order, createdAt: created, updatedAt: created };
    if (await app.categoriesRepository.insertIfSlugFree(doc)) categoriesCreated += 1;
  }
  const categoryIds = new Map((await app.categoriesRepository.all()).map((category) => [category.slug, category._id]));
  const categoryId = (slug: string) => {
    const id = categoryIds.get(slug);
    if (!id) throw new Error(`categoria de demonstração ausente: ${slug}`);
    return id;
  };

  let contentsCreated = 0;
  for (const content of DEMO_CONTENTS) {
    const published = content.daysAgo !== null;
    const created = at((content.daysAgo ?? 0) + 1);
    const doc: ContentDocument = {
      _id: new ObjectId(),
      title: content.title,
      slug: content.slug,
      summary: content.summary,
      body: content.body,
      categoryId: categoryId(content.category),
      coverUrl: cover(content.category),
      attachments: content.attachments ?? [],
      access: content.access,
      creditCost: content.access === 'CREDITS' ? (content.creditCost ?? 1) : 0,
      status: published ? 'PUBLISHED' : 'DRAFT',
      publishedAt: published ? at(content.daysAgo!) : null,
      createdAt: created,
      updatedAt: created,
    };
    if (await app.contentsRepository.insertIfSlugFree(doc)) contentsCreated += 1;
  }

  let videosCreated = 0;
  for (const video of DEMO_VIDEOS) {
    const created = at(video.daysAgo + 1);
    const doc: VideoDocument = {
      _id: new ObjectId(),
      title: video.title,
      slug: video.slug,
      description: video.description,
      source: video.source,
      durationSeconds: video.durationSeconds,
      thumbnailUrl: video.thumbnailUrl,
      categoryId: categoryId(video.category),
      access: video.access,
      creditCost: video.access === 'CREDITS' ? (video.creditCost ?? 1) : 0,
      status: 'PUBLISHED',
      publishedAt: at(video.daysAgo),
      createdAt: created,
      updatedAt: created,
    };
    if (await app.videosRepository.insertIfSlugFree(doc)) videosCreated += 1;
  }

  let bannersCreated = 0;
  for (const banner of DEMO_BANNERS) {
    const created = at(10);
    const doc: BannerDocument = {
      _id: new ObjectId(),
      title: banner.title,
      imageUrl: banner.imageUrl,
      linkUrl: banner.linkUrl,
      order: banner.order,
      active: true,
      startsAt: banner.startsInDays === null ? null : at(-banner.startsInDays),
      endsAt: banner.endsInDays === null ? null : at(-banner.endsInDays),
      createdAt: created,
      updatedAt: created,
    };
    if (await app.bannersRepository.insertIfTitleFree(doc)) bannersCreated += 1;
  }

  return { filesCopied, categoriesCreated, contentsCreated, videosCreated, bannersCreated };
}

/**
 * The demo videos go through the same HLS pipeline as an admin's upload (issue 30): queued once
 * (a file that already has a conversion, in `.data/` for `npm start`, is left alone), run by the job
 * runner after start. Not part of `seedCatalogue`, which the API tests use without transcoding.
 */
export async function seedDemoTranscodes(app: FastifyInstance): Promise<Record<string, number>> {
  let transcodesQueued = 0;
  for (const key of DEMO_FILES) {
    if (!key.startsWith('videos/') || (await app.transcodesRepository.find(key))) continue;
    await app.transcoding.enqueue(key);
    transcodesQueued += 1;
  }
  return { transcodesQueued };
}

