import path from 'node:path';
import type { MongoClient } from 'mongodb';
import { EmbeddedCollection } from './embedded-collection';
import { CollectionFiles } from './persistence';

export interface EmbeddedClientOptions {
  /** Directory for the data files; omit to keep everything in memory (tests). */
  dataDir?: string | undefined;
}

export class EmbeddedDb {
  private readonly collections = new Map<string, EmbeddedCollection>();
  private files: CollectionFiles | undefined;

  constructor(
    readonly databaseName: string,
    private readonly dataDir: string | undefined,
  ) {}

  collection(name: string): EmbeddedCollection {
    let collection = this.collections.get(name);
    if (!collection) {
      const files = this.openFiles();
      collection = new EmbeddedCollection(
        this.databaseName,
        name,
        files ? files.load(name) : [],
        files ? (docs) => files.save(name, docs) : () => {},
      );
      this.collections.set(name, collection);
    }
    return collection;
  }

  async command(command: Record<string, unknown>): Promise<Record<string, unknown>> {
    if ('ping' in command) return { ok: 1 };
    throw new Error(`Comando não suportado pelo armazenamento embutido: ${Object.keys(command).join(', ')}`);
  }

  async dropDatabase(): Promise<boolean> {
    for (const collection of this.collections.values()) await collection.drop();
    return true;
  }

  close(): void {
    this.files?.release();
    this.files = undefined;
  }

  private openFiles(): CollectionFiles | undefined {
    if (!this.dataDir) return undefined;
    this.files ??= new CollectionFiles(path.join(this.dataDir, this.databaseName));
    return this.files;
  }
}

/**
 * Stands in for MongoClient when no MONGODB_URI is configured: handed to @fastify/mongodb as
 * its `client`, so routes and repositories use `app.mongo.db` the same way on both backends.
 */
export class EmbeddedClient {
  private readonly dbs = new Map<string, EmbeddedDb>();

  constructor(private readonly options: EmbeddedClientOptions = {}) {}

  async connect(): Promise<this> {
    return this;
  }

  db(name = 'test'): EmbeddedDb {
    let db = this.dbs.get(name);
    if (!db) {
      db = new EmbeddedDb(name, this.options.dataDir);
      this.dbs.set(name, db);
    }
    return db;
  }

  async close(): Promise<void> {
    for (const db of this.dbs.values()) db.close();
  }

  /** The driver's type, for @fastify/mongodb; only the subset above is implemented. */
  asMongoClient(): MongoClient {
    return this as unknown as MongoClient;
  }
}
