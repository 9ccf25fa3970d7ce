import type { Document, Filter, WithId } from 'mongodb';
import type { StoreCollection, StoreSort } from './store';

/** The page of a list a caller asks for: its number (1-based) and its size. */
export interface PageRequest {
  page: number;
  limit: number;
}

/**
 * A page of a list (1-based) and how many documents match in all: the two queries of every list, at
 * once. `projection`: fields the list never shows (e.g. `{ search: 0 }`), neither copied nor sent.
 */
export async function findPage<T extends Document>(
  collection: StoreCollection<T>,
  filter: Filter<T>,
  sort: StoreSort,
  page: number,
  limit: number,
  projection?: Document,
): Promise<{ data: WithId<T>[]; total: number }> {
  const [data, total] = await Promise.all([
    collection.find(filter, projection ? { projection } : {}).sort(sort).skip((page - 1) * limit).limit(limit).toArray(),
    collection.countDocuments(filter),
  ]);
  return { data, total };
}
