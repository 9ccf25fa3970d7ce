import { COLLECTIONS } from './collections';
import type { StoreDb, StoreIndexOptions } from './store';

export interface IndexDeclaration {
  collection: string;
  key: Record<string, 1 | -1>;
  options?: StoreIndexOptions;
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
  // billing: the reconciliation job's scans, and "one invoice per cycle" even with two job instances
  { collection: COLLECTIONS.subscriptions, key: { status: 1, endDate: 1 } },
  { collection: COLLECTIONS.plans, key: { externalPlanId: 1 }, options: { unique: true, name: 'plan_external_id_unique' } },
  { collection: COLLECTIONS.plans, key: { active: 1, order: 1 } },
  {
    collection: COLLECTIONS.invoices,
    key: { subscriptionId: 1, cycleKey: 1 },
    options: { unique: true, name: 'one_invoice_per_cycle' },
  },
  { collection: COLLECTIONS.invoices, key: { subscriptionId: 1, createdAt: -1 } },
  // a PIX payment names its charge by txid (a PSP's notification finds the invoice by it): never two
  // invoices with the same one; invoices without PIX (card, grants) stay out of the index
  {
    collection: COLLECTIONS.invoices,
    key: { 'pix.txid': 1 },
    options: { unique: true, name: 'invoice_pix_txid_unique', partialFilterExpression: { 'pix.txid': { $type: 'string' } } },
  },
  { collection: COLLECTIONS.invoices, key: { status: 1, dueDate: 1 } },

  // catalogue: slugs are the public addresses; lists filter by status/category and sort newest first
  { collection: COLLECTIONS.categories, key: { slug: 1 }, options: { unique: true, name: 'category_slug_unique' } },
  { collection: COLLECTIONS.categories, key: { order: 1, name: 1 } },
  ...[COLLECTIONS.contents, COLLECTIONS.videos].flatMap((collection): IndexDeclaration[] => [
    { collection, key: { slug: 1 }, options: { unique: true, name: `${collection}_slug_unique` } },
    { collection, key: { status: 1, publishedAt: -1 } },
    { collection, key: { categoryId: 1, publishedAt: -1 } },
    { collection, key: { access: 1, publishedAt: -1 } },
  ]),
  { collection: COLLECTIONS.banners, key: { active: 1, order: 1 } },
  { collection: COLLECTIONS.suggestions, key: { status: 1, createdAt: -1 } },
  { collection: COLLECTIONS.suggestions, key: { userId: 1, createdAt: -1 } },
  // "the same item twice charges once": the unlock row is the lock (see unlocks-service.ts)
  {
    collection: COLLECTIONS.unlocks,
    key: { userId: 1, itemType: 1, itemId: 1 },
    options: { unique: true, name: 'one_unlock_per_member_item' },
  },
  { collection: COLLECTIONS.unlocks, key: { userId: 1, createdAt: -1 } },
  { collection: COLLECTIONS.unlocks, key: { itemType: 1, itemId: 1 } },

  // admin metrics (plugins/app/admin-metrics-repository.ts): each pipeline's first $match runs on one of these
  { collection: COLLECTIONS.subscriptions, key: { startDate: 1 } },
  { collection: COLLECTIONS.subscriptions, key: { canceledAt: 1 } },
  { collection: COLLECTIONS.subscriptions, key: { 'cancelRequest.requestedAt': 1 } },
  { collection: COLLECTIONS.invoices, key: { status: 1, paidAt: 1 } },
  { collection: COLLECTIONS.unlocks, key: { createdAt: 1 } },
  { collection: COLLECTIONS.videoProgress, key: { finishedAt: 1 } },
  { collection: COLLECTIONS.videoProgress, key: { watchedSeconds: 1 } },
  // member suggestions: a vote counts once; open suggestions listed by votes
  {
    collection: COLLECTIONS.suggestionVotes,
    key: { suggestionId: 1, userId: 1 },
    options: { unique: true, name: 'one_vote_per_member_suggestion' },
  },
  { collection: COLLECTIONS.suggestionVotes, key: { userId: 1 } },
  { collection: COLLECTIONS.suggestions, key: { status: 1, votes: -1, createdAt: -1 } },
  // progress: one document per member and video; "my videos" newest first, optionally unfinished only
  {
    collection: COLLECTIONS.videoProgress,
    key: { userId: 1, videoId: 1 },
    options: { unique: true, name: 'one_progress_per_member_video' },
  },
  { collection: COLLECTIONS.videoProgress, key: { userId: 1, lastReportAt: -1 } },
  { collection: COLLECTIONS.videoProgress, key: { videoId: 1 } },
  // certificates: the public page finds a code; one version n per member and video (so finishing twice,
  // or two racing reports, issue one certificate, and a name correction one new version)
  { collection: COLLECTIONS.certificates, key: { code: 1 }, options: { unique: true, name: 'certificate_code_unique' } },
  {
    collection: COLLECTIONS.certificates,
    key: { userId: 1, videoId: 1, version: 1 },
    options: { unique: true, name: 'one_certificate_version_per_member_video' },
  },
  { collection: COLLECTIONS.certificates, key: { userId: 1, supersededBy: 1 } },
  // transcripts: one per video (PUT replaces it)
  { collection: COLLECTIONS.transcripts, key: { videoId: 1 }, options: { unique: true, name: 'one_transcript_per_video' } },

  // laboratory accounts: one per manager and per subscription; a user holds at most one ACTIVE seat
  { collection: COLLECTIONS.laboratoryAccounts, key: { managerId: 1 }, options: { unique: true, name: 'one_account_per_manager' } },
  { collection: COLLECTIONS.laboratoryAccounts, key: { subscriptionId: 1 }, options: { unique: true, name: 'one_account_per_subscription' } },
  {
    collection: COLLECTIONS.seats,
    key: { userId: 1 },
    options: { unique: true, name: 'one_active_seat_per_user', partialFilterExpression: { status: { $eq: 'ACTIVE' } } },
  },
  { collection: COLLECTIONS.seats, key: { accountId: 1, joinedAt: 1 } },
  { collection: COLLECTIONS.invitations, key: { tokenHash: 1 }, options: { unique: true, name: 'invitation_token_unique' } },
  { collection: COLLECTIONS.invitations, key: { accountId: 1, status: 1, createdAt: -1 } },
  // team unlocks: an item unlocked by anyone on the team is charged once (see unlocks-service.ts)
  {
    collection: COLLECTIONS.unlocks,
    key: { accountId: 1, itemType: 1, itemId: 1 },
    options: { unique: true, name: 'one_unlock_per_team_item', partialFilterExpression: { accountId: { $type: 'objectId' } } },
  },
];

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
  declarations: IndexDeclaration[] = INDEXES,
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
