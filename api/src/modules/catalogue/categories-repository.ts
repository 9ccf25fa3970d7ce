import type { FastifyInstance } from 'fastify';
import { findPage } from '../../store/pagination';
import { reorderByIds } from '../../store/reorder';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import type { CategoryDocument } from './documents';
import { CATALOGUE_COLLECTIONS } from './collections';
import { badRequest, conflict, isDuplicateKeyError, notFound } from '../../http/app-error';
import { slugify } from './rules/slug';
import { bumpingOnWrite } from '../../plugins/response-cache';

export interface CategoriesRepository {
  /** Seed: inserts the category unless one with its slug exists; true when inserted. */
  insertIfSlugFree(category: CategoryDocument): Promise<boolean>;
  list(page: number, limit: number): Promise<{ data: CategoryDocument[]; total: number }>;
  all(): Promise<CategoryDocument[]>;
  findByIdOrSlug(idOrSlug: string): Promise<CategoryDocument | null>;
  exists(id: ObjectId): Promise<boolean>;
  create(input: { name: string; slug?: string | undefined; order?: number | undefined }): Promise<CategoryDocument>;
  update(id: string, changes: { name?: string | undefined; slug?: string | undefined; order?: number | undefined }): Promise<CategoryDocument | null>;
  /** Refuses (409) while a content or a video still uses it. */
  delete(id: string): Promise<void>;
  /** `ids` first, in that order (positions 0…n-1); categories left out keep their relative order after them. */
  reorder(ids: string[]): Promise<CategoryDocument[]>;
}

const SLUG_TAKEN = 'Já existe uma categoria com este endereço (slug). Escolha outro.';

export default fp(
  async function categoriesRepository(fastify: FastifyInstance) {
    const collection = () => bumpingOnWrite(fastify.store.collection<CategoryDocument>(CATALOGUE_COLLECTIONS.categories), fastify.responseCache, 'catalogue');
    const now = () => fastify.clock.now();
    const order = { order: 1, name: 1, _id: 1 } as const;

    const repository: CategoriesRepository = {
      async insertIfSlugFree(category) {
        // The unique slug index decides (not an upsert with $setOnInsert, from which FerretDB 1.x drops
        // null and [] fields: api/README.md, "Executado contra FerretDB 1.24").
        try {
          await collection().insertOne(category);
          return true;
        } catch (error) {
          if (isDuplicateKeyError(error)) return false;
          throw error;
        }
      },

      list: (page, limit) => findPage(collection(), {}, order, page, limit),

      all: () => collection().find({}).sort(order).toArray(),

      findByIdOrSlug: (idOrSlug) =>
        collection().findOne(/^[0-9a-fA-F]{24}$/.test(idOrSlug) ? { _id: new ObjectId(idOrSlug) } : { slug: idOrSlug }),

      exists: async (id) => (await collection().countDocuments({ _id: id }, { limit: 1 })) > 0,

      async create({ name, slug, order: position }) {
        const at = now();
        const category: CategoryDocument = {
          _id: new ObjectId(),
          name: name.trim(),
          slug: slug ?? slugify(name),
          order: position ?? (await collection().countDocuments({})),
          createdAt: at,
          updatedAt: at,
        };
        try {
          await collection().insertOne(category);
          return category;
        } catch (error) {
          if (isDuplicateKeyError(error)) throw conflict(SLUG_TAKEN, 'SLUG_TAKEN');
          throw error;
        }
      },

      async update(id, changes) {
        const set: Partial<CategoryDocument> = { updatedAt: now() };
        if (changes.name !== undefined) set.name = changes.name.trim();
        if (changes.slug !== undefined) set.slug = changes.slug;
        if (changes.order !== undefined) set.order = changes.order;
        try {
          return await collection().findOneAndUpdate({ _id: new ObjectId(id) }, { $set: set }, { returnDocument: 'after' });
        } catch (error) {
          if (isDuplicateKeyError(error)) throw conflict(SLUG_TAKEN, 'SLUG_TAKEN');
          throw error;
        }
      },

      async delete(id) {
        const _id = new ObjectId(id);
        const category = await collection().findOne({ _id });
        if (!category) throw notFound('Categoria não encontrada.', 'CATEGORY_NOT_FOUND');
        const [contents, videos] = await Promise.all([
          fastify.contentsRepository.countInCategory(_id),
          fastify.videosRepository.countInCategory(_id),
        ]);
        if (contents + videos > 0) {
          const uses = [
            contents ? `${contents} conteúdo(s)` : null,
            videos ? `${videos} vídeo(s)` : null,
          ].filter(Boolean);
          throw conflict(
            `A categoria "${category.name}" ainda é usada por ${uses.join(' e ')}. Mova-os para outra categoria antes de excluí-la.`,
            'CATEGORY_IN_USE',
          );
        }
        await collection().deleteOne({ _id });
      },

      async reorder(ids) {
        await reorderByIds(collection(), ids, order, now(), {
          repeated: () => badRequest('A lista de categorias tem itens repetidos.', 'DUPLICATE_IDS'),
          unknown: (unknown) => badRequest(`Categoria não encontrada: ${unknown.join(', ')}.`, 'CATEGORY_NOT_FOUND'),
        });
        return collection().find({}).sort(order).toArray();
      },
    };
    fastify.decorate('categoriesRepository', repository);
  },
  { name: 'categories-repository', dependencies: ['store', 'clock', 'response-cache', 'catalogue-items-repository'] },
);
