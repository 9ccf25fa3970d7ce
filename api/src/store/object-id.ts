import { ObjectId } from 'mongodb';

/** An id as the driver wants it; callers pass ids already validated by their route schema. */
export function toObjectId(id: string | ObjectId): ObjectId {
  return typeof id === 'string' ? new ObjectId(id) : id;
}
