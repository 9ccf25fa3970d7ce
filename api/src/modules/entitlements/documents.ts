import type { ObjectId } from 'mongodb';
import type { ItemType } from '../catalogue/documents';

export interface UnlockDocument {
  _id: ObjectId;
  userId: ObjectId;
  itemType: ItemType;
  itemId: ObjectId;
  credits: number;
  /**
   * false while the credits are being taken (the row is written first, as the lock that makes a
   * second unlock of the same item wait instead of charging again); only settled rows grant access.
   */
  settled: boolean;
  /**
   * The laboratory account whose wallet paid (the unlocking member held a seat in it): the item is
   * unlocked for the whole team. Null or missing: the member's own credits.
   */
  accountId?: ObjectId | null;
  createdAt: Date;
}
