import { ObjectId, type Filter, type UpdateFilter } from 'mongodb';
import type { StoreCollection, StoreSort } from './store';

/** A document kept in an order the admins choose. */
export interface OrderedDocument {
  _id: ObjectId;
  order: number;
  updatedAt: Date;
}

/**
 * Puts the documents in the order of `ids` (hex, any case); those not listed follow in the order they had.
 * Only the documents whose position changes are written. A repeated or unknown id is the caller's error
 * (`repeated`, `unknown`), thrown before anything is written.
 */
export async function reorderByIds<T extends OrderedDocument>(
  collection: StoreCollection<T>,
  ids: string[],
  sort: StoreSort,
  at: Date,
  errors: { repeated: () => Error; unknown: (ids: string[]) => Error },
): Promise<void> {
  const wanted = ids.map((id) => id.toLowerCase());
  if (new Set(wanted).size !== wanted.length) throw errors.repeated();
  const all = await collection.find({}).sort(sort).toArray();
  const known = new Set(all.map((doc) => doc._id.toHexString()));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length) throw errors.unknown(unknown);
  const rest = all.map((doc) => doc._id.toHexString()).filter((id) => !wanted.includes(id));
  for (const [position, id] of [...wanted, ...rest].entries()) {
    const filter = { _id: new ObjectId(id), order: { $ne: position } } as Filter<T>;
    await collection.updateOne(filter, { $set: { order: position, updatedAt: at } } as UpdateFilter<T>);
  }
}
