import type { ApiModule } from '../api-module';
import { BANNERS_COLLECTIONS, BANNERS_INDEXES } from './collections';
import bannersRepository from './banners-repository';
import routes from './routes';

export const bannersModule: ApiModule = {
  name: 'banners',
  collections: BANNERS_COLLECTIONS,
  indexes: BANNERS_INDEXES,
  repositories: [bannersRepository],
  routes: [{ prefix: '/banners', plugin: routes }],
};
