import { ObjectId, type Collection, type Filter, type Sort } from 'mongodb';
import type { CatalogueItemDocument, PublicationStatus } from '../db/catalogue';
import { badRequest, conflict, isDuplicateKeyError } from '../errors/app-error';
import { escapeRegExp } from '../plugins/app/users-repository';
import { slugCandidate, slugify } from './slug';

export interface ItemListFilters {
  page: number;
  limit: number;
  categoryId?: string | undefined;
  search?: string | undefined;
  access?: CatalogueItemDocument['access'] | undefined;
  status?: PublicationStatus | undefined;
  /** Members and visitors: published items whose publishedAt has come. */
  publishedOnly: boolean;
  sort: 'newest' | 'oldest' | 'title';
}

/** Contents and videos: the same store over two collections. */
export interface ItemStore<T extends CatalogueItemDocument> {
  /** Seed: inserts the item unless one with its slug exists; true when inserted. */
  insertIfSlugFree(item: T): Promise<boolean>;
  list(filters: ItemListFilters): Promise<{ data: T[]; total: number }>;
  findByIdOrSlug(idOrSlug: string, publishedOnly: boolean): Promise<T | null>;
  findById(id: string | ObjectId): Promise<T | null>;
  findByIds(ids: ObjectId[], publishedOnly: boolean): Promise<T[]>;
  /** `slug` absent: made from the title, with -2, -3… on collisions; given: a collision is a 409. */
  insert(item: Omit<T, '_id' | 'slug' | 'createdAt' | 'updatedAt'> & { slug?: string | undefined }): Promise<T>;
  update(id: string | ObjectId, changes: Partial<T>): Promise<T | null>;
  delete(id: string | ObjectId): Promise<T | null>;
  countByCategory(categoryId: ObjectId): Promise<number>;
  /** How many items use the category (exact; countByCategory stops at 1). */
  countInCategory(categoryId: ObjectId): Promise<number>;
}

const SLUG_ATTEMPTS = 20;

export function createItemStore<T extends CatalogueItemDocument>(options: {
  collection: () => Collection<T>;
  now: () => Date;
  /** Fields `search` looks in, besides the title. */
  searchFields: string[];
  slugTakenMessage: string;
}): ItemStore<T> {
  const { collection, now } = options;
  const publishedFilter = (): Filter<CatalogueItemDocument> => ({ status: 'PUBLISHED', publishedAt: { $lte: now() } });
  const byId = (id: string | ObjectId) => ({ _id: typeof id === 'string' ? new ObjectId(id) : id }) as Filter<T>;
  const slugConflict = () => conflict(options.slugTakenMessage, 'SLUG_TAKEN');

  return {
    async insertIfSlugFree(item) {
      const result = await collection().updateOne({ slug: item.slug } as Filter<T>, { $setOnInsert: item as never }, { upsert: true });
      return result.upsertedCount > 0;
    },

    async list({ page, limit, categoryId, search, access, status, publishedOnly, sort }) {
      const filter: Filter<CatalogueItemDocument> = publishedOnly ? publishedFilter() : {};
      if (!publishedOnly && status) filter.status = status;
      if (categoryId) filter.categoryId = new ObjectId(categoryId);
      if (access) filter.access = access;
      const term = search?.trim();
      if (term) {
        // Literal text, case-insensitive: whatever the person typed, never a pattern.
        const pattern = new RegExp(escapeRegExp(term), 'i');
        filter.$or = ['title', ...options.searchFields].map((field) => ({ [field]: pattern }));
      }
      const order: Sort =
        sort === 'title'
          ? { title: 1, _id: 1 }
          : sort === 'oldest'
            ? { publishedAt: 1, createdAt: 1, _id: 1 }
            : { publishedAt: -1, createdAt: -1, _id: -1 };
      const [data, total] = await Promise.all([
        collection()
          .find(filter as Filter<T>)
          .sort(order)
          .skip((page - 1) * limit)
          .limit(limit)
          .toArray(),
        collection().countDocuments(filter as Filter<T>),
      ]);
      return { data: data as T[], total };
    },

    async findByIdOrSlug(idOrSlug, publishedOnly) {
      const identity: Filter<CatalogueItemDocument> = /^[0-9a-fA-F]{24}$/.test(idOrSlug)
        ? { $or: [{ _id: new ObjectId(idOrSlug) }, { slug: idOrSlug.toLowerCase() }] }
        : { slug: idOrSlug };
      const filter = publishedOnly ? { $and: [identity, publishedFilter()] } : identity;
      return (await collection().findOne(filter as Filter<T>)) as T | null;
    },

    findById: async (id) => (await collection().findOne(byId(id))) as T | null,

    async findByIds(ids, publishedOnly) {
      if (ids.length === 0) return [];
      const filter: Filter<CatalogueItemDocument> = { _id: { $in: ids }, ...(publishedOnly ? publishedFilter() : {}) };
      return (await collection().find(filter as Filter<T>).toArray()) as T[];
    },

    async insert(item) {
      const at = now();
      const explicit = item.slug !== undefined;
      const base = item.slug ?? slugify(item.title);
      for (let attempt = 0; attempt < (explicit ? 1 : SLUG_ATTEMPTS); attempt += 1) {
        const doc = { ...item, _id: new ObjectId(), slug: slugCandidate(base, attempt), createdAt: at, updatedAt: at } as unknown as T;
        try {
          await collection().insertOne(doc as never);
          return doc;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      if (explicit) throw slugConflict();
      throw badRequest('Não foi possível gerar um endereço único a partir do título. Informe um slug.', 'SLUG_TAKEN');
    },

    async update(id, changes) {
      try {
        return (await collection().findOneAndUpdate(
          byId(id),
          { $set: { ...changes, updatedAt: now() } } as never,
          { returnDocument: 'after' },
        )) as T | null;
      } catch (error) {
        if (isDuplicateKeyError(error)) throw slugConflict();
        throw error;
      }
    },

    delete: async (id) => (await collection().findOneAndDelete(byId(id))) as T | null,

    countByCategory: (categoryId) =>
      collection().countDocuments({ categoryId } as Filter<T>, { limit: 1 }),

    countInCategory: (categoryId) => collection().countDocuments({ categoryId } as Filter<T>),
  };
}

/** draft → published stamps publishedAt (now, or the date given to schedule); back to draft clears it. */
export function resolvePublication(
  current: Pick<CatalogueItemDocument, 'status' | 'publishedAt'> | null,
  change: { status?: PublicationStatus | undefined; publishedAt?: string | null | undefined },
  now: Date,
): Pick<CatalogueItemDocument, 'status' | 'publishedAt'> {
  const status = change.status ?? current?.status ?? 'DRAFT';
  if (status === 'DRAFT') return { status, publishedAt: null };
  if (change.publishedAt) return { status, publishedAt: new Date(change.publishedAt) };
  if (change.publishedAt === undefined && current?.status === 'PUBLISHED' && current.publishedAt) {
    return { status, publishedAt: current.publishedAt };
  }
  return { status, publishedAt: now };
}

/** CREDITS items cost at least one credit; the others cost nothing. */
export function resolveCreditCost(
  access: CatalogueItemDocument['access'],
  given: number | undefined,
  current: number | undefined,
): number {
  if (access !== 'CREDITS') {
    if (given !== undefined && given > 0) {
      throw badRequest('Só itens com acesso por créditos (CREDITS) têm custo em créditos.', 'CREDIT_COST_NOT_ALLOWED');
    }
    return 0;
  }
  const cost = given ?? current ?? 0;
  if (cost < 1) throw badRequest('Itens com acesso por créditos precisam custar pelo menos 1 crédito.', 'CREDIT_COST_REQUIRED');
  return cost;
}
