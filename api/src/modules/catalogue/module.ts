import type { ApiModule } from '../api-module';
import { CATALOGUE_COLLECTIONS, CATALOGUE_INDEXES } from './collections';
import type { ContentDocument, VideoDocument } from './documents';
import catalogueItemsRepository, { type ItemStore } from './catalogue-items-repository';
import categoriesRepository, { type CategoriesRepository } from './categories-repository';
import categoryRoutes from './category-routes';
import contentRoutes from './content-routes';
import searchRoutes from './search-routes';
import slugPreviewRoutes from './slug-preview-routes';
import transcriptsRepository, { type TranscriptsRepository } from './transcripts-repository';
import videoRoutes from './video-routes';

/** What the catalogue module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    contentsRepository: ItemStore<ContentDocument>;
    videosRepository: ItemStore<VideoDocument>;
    categoriesRepository: CategoriesRepository;
    transcriptsRepository: TranscriptsRepository;
  }
}

export const catalogueModule: ApiModule = {
  name: 'catalogue',
  collections: CATALOGUE_COLLECTIONS,
  indexes: CATALOGUE_INDEXES,
  repositories: [catalogueItemsRepository, categoriesRepository, transcriptsRepository],
  routes: {
    '/categories': categoryRoutes,
    '/contents': contentRoutes,
    '/search': searchRoutes,
    '/videos': videoRoutes,
    '/admin': slugPreviewRoutes,
  },
};
