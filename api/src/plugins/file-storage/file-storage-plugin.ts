import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded and demo files (STORAGE_DRIVER: local folder or S3-compatible bucket). */
    fileStorage: FileStorage;
  }
}

export default fp(
  async function fileStorage(fastify: FastifyInstance) {
    const { storage } = fastify.config;
    const adapter =
      storage.driver === 's3' && storage.s3
        ? createS3Storage(storage.s3, () => fastify.clock.now())
        : await createLocalStorage(storage.uploadsDir);
    fastify.decorate('fileStorage', adapter);
    fastify.addHook('onClose', () => adapter.close());
  },
  { name: 'file-storage', dependencies: ['clock'] },
);
