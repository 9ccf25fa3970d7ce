import type { Db, IndexSpecification, CreateIndexesOptions } from 'mongodb';
import { COLLECTIONS } from './collections';

export interface IndexDeclaration {
  collection: string;
  key: Record<string, 1 | -1>;
  options?: CreateIndexesOptions;
}

/**
 * Every index of the API, in one place; created at start on the embedded store and on MongoDB.
 * Add a row here when a new query needs one (each row is idempotent: createIndex is a no-op
 * when an identical index exists).
 *
 * "At most one non-CANCELED subscription per user": partial indexes on MongoDB do not accept
 * `$in` / `$ne` on every server version, so subscriptions carry a boolean `isOpen`
 * (status !== 'CANCELED', see `isOpenSubscriptionStatus`) kept in step with `status` by every
 * write, and the unique index only covers documents with `isOpen: true`.
 */
export const INDEXES: IndexDeclaration[] = [
  // users
  { collection: COLLECTIONS.users, key: { providerId: 1 }, options: { unique: true, name: 'providerId_unique' } },
  { collection: COLLECTIONS.users, key: { email: 1 }, options: { unique: true, name: 'email_unique' } },
  { collection: COLLECTIONS.users, key: { createdAt: -1 } },
  { collection: COLLECTIONS.users, key: { name: 1 } },
  { collection: COLLECTIONS.users, key: { role: 1, createdAt: -1 } },
  { collection: COLLECTIONS.users, key: { hasActiveSubscription: 1, createdAt: -1 } },
  { collection: COLLECTIONS.users, key: { 'credits.used': 1, createdAt: -1 } },

  // subscriptions
  {
    collection: COLLECTIONS.subscriptions,
    key: { userId: 1 },
    options: { unique: true, name: 'one_open_subscription_per_user', partialFilterExpression: { isOpen: { $eq: true } } },
  },
  { collection: COLLECTIONS.subscriptions, key: { userId: 1, createdAt: -1 } },
  { collection: COLLECTIONS.subscriptions, key: { planId: 1, createdAt: -1 } },
  { collection: COLLECTIONS.subscriptions, key: { createdAt: -1 } },
];

export async function ensureIndexes(db: Db, declarations: IndexDeclaration[] = INDEXES): Promise<void> {
  for (const { collection, key, options } of declarations) {
    await db.collection(collection).createIndex(key as IndexSpecification, options ?? {});
  }
}
