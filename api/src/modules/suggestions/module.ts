import type { ApiModule } from '../api-module';
import routes from './routes';
import suggestionsRepository from './suggestions-repository';

export const suggestionsModule: ApiModule = {
  name: 'suggestions',
  repositories: [suggestionsRepository],
  routes: [{ prefix: '/suggestions', plugin: routes }],
};
