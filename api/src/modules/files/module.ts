import type { ApiModule } from '../api-module';
import fileRoutes from './file-routes';
import fileUrlsService from './file-urls-service';
import uploadRoutes from './upload-routes';

export const filesModule: ApiModule = {
  name: 'files',
  collections: {},
  indexes: [],
  repositories: [],
  services: [fileUrlsService],
  routes: [
    { prefix: '/files', plugin: fileRoutes },
    { prefix: '/uploads', plugin: uploadRoutes },
  ],
};
