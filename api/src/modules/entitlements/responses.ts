import type { UnlockDocument } from './documents';

/** An unlock as the member sees it (the `settled` bookkeeping stays inside). */
export function toUnlockResponse(unlock: UnlockDocument) {
  return {
    _id: unlock._id.toHexString(),
    itemType: unlock.itemType,
    itemId: unlock.itemId.toHexString(),
    credits: unlock.credits,
    createdAt: unlock.createdAt.toISOString(),
  };
}
