import type { ApiModule } from '../api-module';
import personalDataService from './personal-data-service';

export const personalDataModule: ApiModule = {
  name: 'personal-data',
  repositories: [personalDataService],
  routes: [],
};
