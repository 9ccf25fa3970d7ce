import path from 'node:path';
import type { Document } from 'mongodb';
import type { StoreDb } from '../store';
import { EmbeddedCollection } from './embedded-collection';
import { DatabaseFiles } from './persistence';

export interface EmbeddedClientOptions {
  /** Directory for the data files; omit to keep everything in memory (tests). */
  dataDir?: string | undefined;
}

export class EmbeddedDb implements StoreDb {
  private readonly collections = new Map<string, EmbeddedCollection>();
  private files: DatabaseFiles | undefined;

  constructor(
    readonly databaseName: string,
    private readonly dataDir: string | undefined,
  ) {}

  /** Like the driver's `Db.collection<T>`, the schema is the caller's claim: the store keeps any document. */
  collection<T extends Document = Document>(name: string): EmbeddedCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      const files = this.openFiles();
      collection = new EmbeddedCollection(this.databaseName, name, files?.open(name));
      this.collections.set(name, collection);
    }
    return collection as unknown as EmbeddedCollection<T>;
  }

  /** Loads every collection that has data on disk now, so no request pays for a first read. */
  loadAll(): void {
    const files = this.openFiles();
    for (const name of files?.collectionNames() ?? []) this.collection(name);
  }

  async command(command: { ping: 1 }): Promise<Document> {
    if ('ping' in command) return { ok: 1 };
    throw new Error(`Comando não suportado pelo armazenamento embutido: ${Object.keys(command).join(', ')}`);
  }

  async dropDatabase(): Promise<boolean> {
    for (const collection of this.collections.values()) await collection.drop();
    return true;
  }

  /** Waits for pending journal writes and background compactions, then releases the directory. */
  async close(): Promise<void> {
    for (const collection of this.collections.values()) await collection.close();
    this.files?.release();
    this.files = undefined;
  }

  private openFiles(): DatabaseFiles | undefined {
    if (!this.dataDir) return undefined;
    this.files ??= new DatabaseFiles(path.join(this.dataDir, this.databaseName));
    return this.files;
  }
}

/**
 * The embedded store's client when no MONGODB_URI is configured: its `db()` is a `StoreDb`, the
 * same interface repositories get from a real driver `Db` (see store/store.ts).
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
    for (const db of this.dbs.values()) await db.close();
  }
}
