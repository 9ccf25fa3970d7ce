import type { ApiModule } from '../api-module';
import { CATALOGUE_COLLECTIONS, CATALOGUE_INDEXES } from './collections';
import catalogueItemsRepository from './catalogue-items-repository';
import categoriesRepository from './categories-repository';
import categoryRoutes from './category-routes';
import contentRoutes from './content-routes';
import searchRoutes from './search-routes';
import slugPreviewRoutes from './slug-preview-routes';
import transcriptsRepository from './transcripts-repository';
import videoRoutes from './video-routes';

export const catalogueModule: ApiModule = {
  name: 'catalogue',
  collections: CATALOGUE_COLLECTIONS,
  indexes: CATALOGUE_INDEXES,
  repositories: [catalogueItemsRepository, categoriesRepository, transcriptsRepository],
  routes: [
    { prefix: '/categories', plugin: categoryRoutes },
    { prefix: '/contents', plugin: contentRoutes },
    { prefix: '/search', plugin: searchRoutes },
    { prefix: '/videos', plugin: videoRoutes },
    { prefix: '/admin', plugin: slugPreviewRoutes },
  ],
};
