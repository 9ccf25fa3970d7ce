import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ContentDocument, VideoDocument } from './documents';
import { CATALOGUE_COLLECTIONS } from './collections';
import { createItemStore, type ItemStore } from './catalogue-items-repository';

declare module 'fastify' {
  interface FastifyInstance {
    contentsRepository: ItemStore<ContentDocument>;
    videosRepository: ItemStore<VideoDocument>;
  }
}

export default fp(
  async function catalogueRepositories(fastify: FastifyInstance) {
    const now = () => fastify.clock.now();
    fastify.decorate(
      'contentsRepository',
      createItemStore<ContentDocument>({
        collection: () => fastify.store.collection<ContentDocument>(CATALOGUE_COLLECTIONS.contents),
        now,
        searchText: (content) => ({ title: content.title, summary: content.summary, body: content.body }),
        slugTakenMessage: 'Já existe um conteúdo com este endereço (slug). Escolha outro.',
      }),
    );
    fastify.decorate(
      'videosRepository',
      createItemStore<VideoDocument>({
        collection: () => fastify.store.collection<VideoDocument>(CATALOGUE_COLLECTIONS.videos),
        now,
        searchText: (video) => ({ title: video.title, summary: video.description, body: '' }),
        slugTakenMessage: 'Já existe um vídeo com este endereço (slug). Escolha outro.',
      }),
    );
  },
  { name: 'catalogue-repositories', dependencies: ['store', 'clock'] },
);
