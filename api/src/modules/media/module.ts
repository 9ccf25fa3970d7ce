import type { ApiModule } from '../api-module';
import { MEDIA_COLLECTIONS, MEDIA_INDEXES } from './collections';
import { transcodeRoutes } from './routes';
import transcodeJob, { type Transcoding } from './transcode-job';
import transcodesRepository, { type TranscodesRepository } from './transcodes-repository';

/** What the media module adds to the app: HLS transcoding of uploaded videos, on the job runner. */
declare module 'fastify' {
  interface FastifyInstance {
    transcodesRepository: TranscodesRepository;
    transcoding: Transcoding;
  }
}

export const mediaModule: ApiModule = {
  name: 'media',
  collections: MEDIA_COLLECTIONS,
  indexes: MEDIA_INDEXES,
  repositories: [transcodesRepository],
  services: [transcodeJob],
  routes: { '/media/transcodes': transcodeRoutes },
};
