import type { ApiModule } from '../api-module';
import fileRoutes from './file-routes';
import fileUrlsService, { type FileUrls } from './file-urls-service';
import hlsRoutes from './hls-routes';
import uploadRoutes from './upload-routes';

/** What the files module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    /** Signed links to stored files (documents and videos are only reachable through them). */
    fileUrls: FileUrls;
  }
}

export const filesModule: ApiModule = {
  name: 'files',
  collections: {},
  indexes: [],
  repositories: [],
  services: [fileUrlsService],
  routes: { '/files': fileRoutes, '/files/hls': hlsRoutes, '/uploads': uploadRoutes },
};
