import type { ApiModule } from '../api-module';
import { SUGGESTIONS_COLLECTIONS, SUGGESTIONS_INDEXES } from './collections';
import routes from './routes';
import suggestionsRepository from './suggestions-repository';

export const suggestionsModule: ApiModule = {
  name: 'suggestions',
  collections: SUGGESTIONS_COLLECTIONS,
  indexes: SUGGESTIONS_INDEXES,
  repositories: [suggestionsRepository],
  routes: [{ prefix: '/suggestions', plugin: routes }],
};
