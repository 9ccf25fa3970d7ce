import fastifyMongodb from '@fastify/mongodb';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MongoClient, type Db } from 'mongodb';
import { EmbeddedClient } from '../../db/embedded/embedded-client';
import { ensureIndexes } from '../../db/indexes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which backend `mongo` talks to; only for logs and health details, never for branching. */
    dataBackend: 'mongodb' | 'embedded';
  }
}

/**
 * `@fastify/mongodb` is the one way to data. With MONGODB_URI it gets a real MongoClient;
 * without, the embedded store (memory, or files under DATA_DIR). Both are created here and
 * passed as `client`, so the rest of the API only ever sees `app.mongo.db`.
 */
export default fp(
  async function mongodb(fastify: FastifyInstance) {
    const { mongodbUri, mongodbDb, dataDir } = fastify.config;
    let close: () => Promise<void>;
    let client: MongoClient;
    if (mongodbUri) {
      const real = new MongoClient(mongodbUri, { serverSelectionTimeoutMS: 7500 });
      await real.connect();
      client = real;
      close = () => real.close();
      fastify.decorate('dataBackend', 'mongodb');
    } else {
      const embedded = new EmbeddedClient({ dataDir });
      // Snapshot + journal of every collection are read now, before the first request.
      embedded.db(mongodbDb).loadAll();
      client = embedded.asMongoClient();
      close = () => embedded.close();
      fastify.decorate('dataBackend', 'embedded');
    }
    fastify.addHook('onClose', close);
    await fastify.register(fastifyMongodb, { client, database: mongodbDb });
    await ensureIndexes(fastify.mongo.db as Db);
    fastify.log.info({ backend: fastify.dataBackend, database: mongodbDb, dataDir }, 'data store ready');
  },
  { name: 'mongodb' },
);
