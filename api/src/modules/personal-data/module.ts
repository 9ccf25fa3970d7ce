import type { ApiModule } from '../api-module';
import personalDataService from './personal-data-service';
import routes from './routes';

export const personalDataModule: ApiModule = {
  name: 'personal-data',
  collections: {},
  indexes: [],
  repositories: [],
  services: [personalDataService],
  routes: [{ prefix: '/me', plugin: routes }],
};
