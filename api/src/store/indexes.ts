import type { StoreDb, StoreIndexOptions } from './store';

/**
 * One index. Each module declares the indexes of the collections it owns next to them
 * (`modules/<feature>/collections.ts`); app.ts creates every module's at start, on the embedded
 * store and on MongoDB alike. Each row is idempotent: createIndex is a no-op when an identical
 * index exists.
 */
export interface IndexDeclaration {
  collection: string;
  key: Record<string, 1 | -1>;
  options?: StoreIndexOptions;
}

export async function ensureIndexes(db: StoreDb, declarations: readonly IndexDeclaration[]): Promise<void> {
  for (const { collection, key, options } of declarations) {
    await db.collection(collection).createIndex(key, options ?? {});
  }
}
