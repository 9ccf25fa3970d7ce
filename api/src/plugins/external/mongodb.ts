import fastifyMongodb from '@fastify/mongodb';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MongoClient } from 'mongodb';
import { EmbeddedClient } from '../../db/embedded/embedded-client';
import { ensureIndexes, INDEXES } from '../../db/indexes';
import type { StoreDb } from '../../db/store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which backend `store` talks to; only for logs and health details, never for branching. */
    dataBackend: 'mongodb' | 'embedded';
    /**
     * The database, as the part of the driver both backends implement (db/store.ts): a real
     * `Db` with MONGODB_URI, else the embedded store. Only repositories use it.
     */
    store: StoreDb;
  }
}

/**
 * With MONGODB_URI, `@fastify/mongodb` gets a real MongoClient (and `app.mongo` exists);
 * without, the embedded store (memory, or files under DATA_DIR). Either way the rest of the
 * API only sees `app.store`, typed so that what the embedded store does not implement does not
 * compile — no cast to the driver's types.
 */
export default fp(
  async function mongodb(fastify: FastifyInstance) {
    const { mongodbUri, mongodbDb, dataDir } = fastify.config;
    let closeStore: () => Promise<void>;
    if (mongodbUri) {
      const real = new MongoClient(mongodbUri, { serverSelectionTimeoutMS: 7500 });
      await real.connect();
      closeStore = () => real.close();
      fastify.addHook('onClose', closeStore);
      await fastify.register(fastifyMongodb, { client: real, database: mongodbDb });
      fastify.decorate('dataBackend', 'mongodb');
      fastify.decorate('store', real.db(mongodbDb) satisfies StoreDb);
    } else {
      const embedded = new EmbeddedClient({ dataDir });
      closeStore = () => embedded.close();
      fastify.addHook('onClose', closeStore);
      const db = embedded.db(mongodbDb);
      // Snapshot + journal of every collection are read now, before the first request.
      db.loadAll();
      fastify.decorate('dataBackend', 'embedded');
      fastify.decorate('store', db satisfies StoreDb);
    }
    try {
      await ensureIndexes(fastify.store, INDEXES, {
        onPartialIndexUnsupported: ({ collection, options }) => {
          // FerretDB 1.x (api/README.md, "Executado contra FerretDB 1.24"): the rule the index
          // guards under concurrency is then not enforced by the database, which production refuses.
          if (fastify.config.nodeEnv === 'production') {
            throw new Error(
              `O banco em MONGODB_URI não cria o índice único parcial "${options?.name}" (${collection}; partialFilterExpression, que o FerretDB 1.x não implementa): sem ele, a regra que ele garante não vale sob concorrência. Use um MongoDB (Atlas ou replica set).`,
            );
          }
          fastify.log.warn({ collection, index: options?.name }, 'partial index not supported by this server (FerretDB 1.x): its rule is not enforced by the database');
        },
      });
    } catch (error) {
      // A start-up that fails here must not leave the connection (and the process) open.
      await closeStore();
      throw error;
    }
    fastify.log.info({ backend: fastify.dataBackend, database: mongodbDb, dataDir }, 'data store ready');
  },
  { name: 'mongodb' },
);
