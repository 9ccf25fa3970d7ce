import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId, type Filter } from 'mongodb';
import type { StoreCollection, StoreSort } from '../../store/store';
import { findPage, type PageRequest } from '../../store/pagination';
import { CATALOGUE_COLLECTIONS } from './collections';
import type { CatalogueItemDocument, ContentDocument, ItemSearchText, PublicationStatus, VideoDocument } from './documents';
import { badRequest, conflict, isDuplicateKeyError } from '../../http/app-error';
import { foldText } from './rules/search-text';
import { literalPattern } from '../../store/text-pattern';
import { slugCandidate, slugify } from './rules/slug';
import { bumpingOnWrite } from '../../plugins/response-cache';

export interface ItemListFilters extends PageRequest {
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
  /**
   * Published items whose folded text holds at least one of the folded terms, plus the published
   * ones among `alsoIds` (found elsewhere, e.g. in a transcript), with only what ranking needs.
   */
  searchCandidates(terms: string[], alsoIds?: ObjectId[]): Promise<Pick<T, '_id' | 'search' | 'publishedAt'>[]>;
  /** Writes the folded search text of items that have none (data from before search); answers how many. */
  backfillSearchText(): Promise<number>;
  /** How many items use the category (exact; countByCategory stops at 1). */
  countInCategory(categoryId: ObjectId): Promise<number>;
  /** When the next item already marked PUBLISHED with a later date becomes visible (after `at`); null when none is scheduled. */
  nextPublication(at: Date): Promise<Date | null>;
  /** Videos: whether an item plays the stored file `key` (its `source.url`). */
  usesSourceFile(key: string): Promise<boolean>;
}

const SLUG_ATTEMPTS = 20;
/** What a list or a read shows never includes the folded search text (title, summary and body again). */
const WITHOUT_SEARCH_TEXT = { search: 0 } as const;

export function createItemStore<T extends CatalogueItemDocument>(options: {
  collection: () => StoreCollection<T>;
  now: () => Date;
  /** The text search looks at: title, summary/description, body. */
  searchText: (item: T) => { title: string; summary: string; body: string };
  slugTakenMessage: string;
}): ItemStore<T> {
  const { collection, now } = options;
  const publishedFilter = (): Filter<CatalogueItemDocument> => ({ status: 'PUBLISHED', publishedAt: { $lte: now() } });
  const byId = (id: string | ObjectId) => ({ _id: typeof id === 'string' ? new ObjectId(id) : id }) as Filter<T>;
  const slugConflict = () => conflict(options.slugTakenMessage, 'SLUG_TAKEN');
  const foldedSearch = (item: T): ItemSearchText => {
    const text = options.searchText(item);
    return { title: foldText(text.title), summary: foldText(text.summary), body: foldText(text.body) };
  };
  const sameSearch = (a: ItemSearchText | undefined, b: ItemSearchText) =>
    a !== undefined && a.title === b.title && a.summary === b.summary && a.body === b.body;

  return {
    async insertIfSlugFree(item) {
      // The unique slug index decides (not an upsert with $setOnInsert, from which FerretDB 1.x drops
      // null and [] fields: api/README.md, "Executado contra FerretDB 1.24").
      // With its folded search text, as `insert` writes it: an item seeded into an empty store is
      // found by search at once, not after a backfill (the API bench's search row found nothing).
      try {
        await collection().insertOne({ ...item, search: item.search ?? foldedSearch(item) } as never);
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },

    async list({ page, limit, categoryId, search, access, status, publishedOnly, sort }) {
      const filter: Filter<CatalogueItemDocument> = publishedOnly ? publishedFilter() : {};
      if (!publishedOnly && status) filter.status = status;
      if (categoryId) filter.categoryId = new ObjectId(categoryId);
      if (access) filter.access = access;
      const term = foldText(search ?? '');
      if (term) {
        // Literal text, case- and accent-insensitive: whatever the person typed, never a pattern.
        const pattern = literalPattern(term);
        filter.$or = [{ 'search.title': pattern }, { 'search.summary': pattern }];
      }
      const order: StoreSort =
        sort === 'title'
          ? { title: 1, _id: 1 }
          : sort === 'oldest'
            ? { publishedAt: 1, createdAt: 1, _id: 1 }
            : { publishedAt: -1, createdAt: -1, _id: -1 };
      const { data, total } = await findPage(collection(), filter as Filter<T>, order, page, limit, WITHOUT_SEARCH_TEXT);
      return { data: data as T[], total };
    },

    async findByIdOrSlug(idOrSlug, publishedOnly) {
      const identity: Filter<CatalogueItemDocument> = /^[0-9a-fA-F]{24}$/.test(idOrSlug)
        ? { $or: [{ _id: new ObjectId(idOrSlug) }, { slug: idOrSlug.toLowerCase() }] }
        : { slug: idOrSlug };
      // One object (its fields do not overlap), not `$and`: the store then finds the slug by its index.
      const filter = publishedOnly ? { ...identity, ...publishedFilter() } : identity;
      return (await collection().findOne(filter as Filter<T>, { projection: WITHOUT_SEARCH_TEXT })) as T | null;
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
        doc.search = foldedSearch(doc);
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
      let updated: T | null;
      try {
        updated = (await collection().findOneAndUpdate(
          byId(id),
          { $set: { ...changes, updatedAt: now() } } as never,
          { returnDocument: 'after' },
        )) as T | null;
      } catch (error) {
        if (isDuplicateKeyError(error)) throw slugConflict();
        throw error;
      }
      if (!updated) return null;
      // The folded text follows the item's text (a second write only when the text changed).
      const search = foldedSearch(updated);
      if (!sameSearch(updated.search, search)) {
        await collection().updateOne(byId(updated._id), { $set: { search } } as never);
        updated.search = search;
      }
      return updated;
    },

    delete: async (id) => (await collection().findOneAndDelete(byId(id))) as T | null,

    async nextPublication(at) {
      const filter = { status: 'PUBLISHED', publishedAt: { $gt: at } } as Filter<T>;
      const [next] = await collection().find(filter, { projection: { publishedAt: 1 } }).sort({ publishedAt: 1 }).limit(1).toArray();
      return (next?.publishedAt as Date | null | undefined) ?? null;
    },

    usesSourceFile: async (key) => (await collection().findOne({ 'source.url': key } as unknown as Filter<T>, { projection: { _id: 1 } })) !== null,

    countByCategory: (categoryId) =>
      collection().countDocuments({ categoryId } as Filter<T>, { limit: 1 }),

    async searchCandidates(terms, alsoIds = []) {
      if (terms.length === 0) return [];
      const projection = { _id: 1, search: 1, publishedAt: 1 } as const;
      type Candidate = Pick<T, '_id' | 'search' | 'publishedAt'>;
      if (alsoIds.length === 0) {
        const $or = terms.flatMap((term) => {
          const pattern = literalPattern(term);
          return [{ 'search.title': pattern }, { 'search.summary': pattern }, { 'search.body': pattern }];
        });
        const filter = { $and: [publishedFilter(), { $or }] };
        return (await collection().find(filter as Filter<T>, { projection }).toArray()) as unknown as Candidate[];
      }
      // One pass over the published items, matched here, rather than a long `$in` the store would test item by item.
      const also = new Set(alsoIds.map((id) => id.toHexString()));
      const published = (await collection().find(publishedFilter() as Filter<T>, { projection }).toArray()) as unknown as Candidate[];
      return published.filter((item) => {
        if (also.has(item._id.toHexString())) return true;
        const text = item.search;
        return text !== undefined && terms.some((term) => text.title.includes(term) || text.summary.includes(term) || text.body.includes(term));
      });
    },

    async backfillSearchText() {
      const missing = (await collection().find({ search: { $exists: false } } as Filter<T>).toArray()) as T[];
      for (const item of missing) await collection().updateOne(byId(item._id), { $set: { search: foldedSearch(item) } } as never);
      return missing.length;
    },

    countInCategory: (categoryId) => collection().countDocuments({ categoryId } as Filter<T>),
  };
}

/** Contents and videos: the same store over their two collections, as two decorators. */
export default fp(
  async function catalogueItemsRepository(fastify: FastifyInstance) {
    const now = () => fastify.clock.now();
    fastify.decorate(
      'contentsRepository',
      createItemStore<ContentDocument>({
        collection: () => bumpingOnWrite(fastify.store.collection<ContentDocument>(CATALOGUE_COLLECTIONS.contents), fastify.responseCache, 'catalogue'),
        now,
        searchText: (content) => ({ title: content.title, summary: content.summary, body: content.body }),
        slugTakenMessage: 'Já existe um conteúdo com este endereço (slug). Escolha outro.',
      }),
    );
    fastify.decorate(
      'videosRepository',
      createItemStore<VideoDocument>({
        collection: () => bumpingOnWrite(fastify.store.collection<VideoDocument>(CATALOGUE_COLLECTIONS.videos), fastify.responseCache, 'catalogue'),
        now,
        searchText: (video) => ({ title: video.title, summary: video.description, body: '' }),
        slugTakenMessage: 'Já existe um vídeo com este endereço (slug). Escolha outro.',
      }),
    );
  },
  { name: 'catalogue-items-repository', dependencies: ['store', 'clock', 'response-cache'] },
);
