import type { ApiModule } from '../api-module';
import { SUGGESTIONS_COLLECTIONS, SUGGESTIONS_INDEXES } from './collections';
import routes from './routes';
import suggestionsRepository, { type SuggestionsRepository } from './suggestions-repository';

/** What the suggestions module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    suggestionsRepository: SuggestionsRepository;
  }
}

export const suggestionsModule: ApiModule = {
  name: 'suggestions',
  collections: SUGGESTIONS_COLLECTIONS,
  indexes: SUGGESTIONS_INDEXES,
  repositories: [suggestionsRepository],
  routes: { '/suggestions': routes },
};
