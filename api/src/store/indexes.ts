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

/**
 * The server answered "not implemented" (code 238) to a partial index: FerretDB 1.x has no
 * `partialFilterExpression` (FerretDB issue #2448); MongoDB has had it since 3.2.
 */
export function isPartialIndexUnsupported(declaration: IndexDeclaration, error: unknown): boolean {
  return Boolean(declaration.options?.partialFilterExpression) && (error as { code?: unknown } | null)?.code === 238;
}

/**
 * Creates every declared index. A partial index the server cannot build is passed to
 * `onPartialIndexUnsupported` (which may throw to stop the start-up) instead of failing at once;
 * any other refusal fails. Answers the declarations that were not created.
 */
export async function ensureIndexes(
  db: StoreDb,
  declarations: readonly IndexDeclaration[],
  { onPartialIndexUnsupported }: { onPartialIndexUnsupported?: (declaration: IndexDeclaration) => void } = {},
): Promise<IndexDeclaration[]> {
  const missing: IndexDeclaration[] = [];
  for (const declaration of declarations) {
    try {
      await db.collection(declaration.collection).createIndex(declaration.key, declaration.options ?? {});
    } catch (error) {
      if (!onPartialIndexUnsupported || !isPartialIndexUnsupported(declaration, error)) throw error;
      onPartialIndexUnsupported(declaration);
      missing.push(declaration);
    }
  }
  return missing;
}
