import type { IndexDeclaration } from '../../store/indexes';

/** The collection only the entitlements module touches (unlocks-repository.ts). */
export const ENTITLEMENTS_COLLECTIONS = { unlocks: 'unlocks' } as const;

const { unlocks } = ENTITLEMENTS_COLLECTIONS;

export const ENTITLEMENTS_INDEXES: IndexDeclaration[] = [
  // "the same item twice charges once": the unlock row is the lock (see unlocks-service.ts)
  { collection: unlocks, key: { userId: 1, itemType: 1, itemId: 1 }, options: { unique: true, name: 'one_unlock_per_member_item' } },
  { collection: unlocks, key: { userId: 1, createdAt: -1 } },
  { collection: unlocks, key: { itemType: 1, itemId: 1 } },
  // admin metrics: credits spent in a window
  { collection: unlocks, key: { createdAt: 1 } },
  // team unlocks: an item unlocked by anyone on the team is charged once
  {
    collection: unlocks,
    key: { accountId: 1, itemType: 1, itemId: 1 },
    options: { unique: true, name: 'one_unlock_per_team_item', partialFilterExpression: { accountId: { $type: 'objectId' } } },
  },
];
