import type { ApiModule } from '../api-module';
import { BANNERS_COLLECTIONS, BANNERS_INDEXES } from './collections';
import bannersRepository, { type BannersRepository } from './banners-repository';
import routes from './routes';

/** What the banners module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    bannersRepository: BannersRepository;
  }
}

export const bannersModule: ApiModule = {
  name: 'banners',
  collections: BANNERS_COLLECTIONS,
  indexes: BANNERS_INDEXES,
  repositories: [bannersRepository],
  routes: { '/banners': routes },
};
