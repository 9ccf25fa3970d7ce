import fastifyMongodb from '@fastify/mongodb';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MongoClient } from 'mongodb';
import { EmbeddedClient } from '../store/embedded/embedded-client';
import { ensureIndexes, type IndexDeclaration } from '../store/indexes';
import type { StoreDb } from '../store/store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which backend `store` talks to; only for logs and health details, never for branching. */
    dataBackend: 'mongodb' | 'embedded';
    /**
     * The database, as the part of the driver both backends implement (store/store.ts): a real
     * `Db` with MONGODB_URI, else the embedded store. Only the modules' repositories use it; each module's indexes are created by app.ts.
     */
    store: StoreDb;
  }
}

export interface StorePluginOptions {
  /** Every module's indexes (app.ts collects them from the modules), created before the first request. */
  indexes: readonly IndexDeclaration[];
  /** An open store another app instance owns (tests of several API processes on one database); not closed here. */
  shared?: StoreDb;
}

/**
 * With MONGODB_URI, `@fastify/mongodb` gets a real MongoClient (and `app.mongo` exists);
 * without, the embedded store (memory, or files under DATA_DIR). Either way the rest of the
 * API only sees `app.store`, typed so that what the embedded store does not implement does not
 * compile — no cast to the driver's types.
 */
export default fp(
  async function store(fastify: FastifyInstance, options: StorePluginOptions) {
    const { mongodbUri, mongodbDb, dataDir } = fastify.config;
    let closeStore: () => Promise<void>;
    if (options.shared) {
      // Another app instance opened this store and closes it (tests of two runners on one store).
      closeStore = async () => undefined;
      fastify.decorate('dataBackend', mongodbUri ? 'mongodb' : 'embedded');
      fastify.decorate('store', options.shared);
    } else if (mongodbUri) {
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
      await ensureIndexes(fastify.store, options.indexes, {
        onPartialIndexUnsupported: ({ collection, options: index }) => {
          // FerretDB 1.x (api/README.md, "Executado contra FerretDB 1.24"): the rule the index
          // guards under concurrency is then not enforced by the database, which production refuses.
          if (fastify.config.nodeEnv === 'production') {
            throw new Error(
              `O banco em MONGODB_URI não cria o índice único parcial "${index?.name}" (${collection}; partialFilterExpression, que o FerretDB 1.x não implementa): sem ele, a regra que ele garante não vale sob concorrência. Use um MongoDB (Atlas ou replica set).`,
            );
          }
          fastify.log.warn({ collection, index: index?.name }, 'partial index not supported by this server (FerretDB 1.x): its rule is not enforced by the database');
        },
      });
    } catch (error) {
      // A start-up that fails here must not leave the connection (and the process) open.
      await closeStore();
      throw error;
    }
    fastify.log.info({ backend: fastify.dataBackend, database: mongodbDb, dataDir }, 'data store ready');
  },
  { name: 'store' },
);
