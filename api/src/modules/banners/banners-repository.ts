import type { FastifyInstance } from 'fastify';
import { findPage } from '../../store/pagination';
import { reorderByIds } from '../../store/reorder';
import fp from 'fastify-plugin';
import { ObjectId, type Filter } from 'mongodb';
import type { BannerDocument } from './documents';
import { BANNERS_COLLECTIONS } from './collections';
import { badRequest } from '../../http/app-error';
import { bumpingOnWrite } from '../../plugins/response-cache';

/** What an admin sets on a banner. */
export type BannerFields = Omit<BannerDocument, '_id' | 'createdAt' | 'updatedAt'>;

export interface BannersRepository {
  /** Seed: inserts the banner unless one with its title exists; true when inserted. */
  insertIfTitleFree(banner: BannerDocument): Promise<boolean>;
  /** Active and inside their window (startsAt ≤ now < endsAt, open ends allowed), ordered. */
  listLive(page: number, limit: number): Promise<{ data: BannerDocument[]; total: number }>;
  listAll(page: number, limit: number): Promise<{ data: BannerDocument[]; total: number }>;
  findById(id: string): Promise<BannerDocument | null>;
  create(fields: Omit<BannerFields, 'order'> & { order?: number | undefined }): Promise<BannerDocument>;
  update(id: string, changes: Partial<BannerFields>): Promise<BannerDocument | null>;
  delete(id: string): Promise<boolean>;
  /** `ids` first, in that order; banners left out keep their relative order after them. */
  reorder(ids: string[]): Promise<BannerDocument[]>;
  isLive(banner: BannerDocument): boolean;
  /** The next moment after `at` when an active banner's window opens or closes (what `listLive` shows changes); null when none. */
  nextWindowChange(at: Date): Promise<Date | null>;
}

export default fp(
  async function bannersRepository(fastify: FastifyInstance) {
    const collection = () => bumpingOnWrite(fastify.store.collection<BannerDocument>(BANNERS_COLLECTIONS.banners), fastify.responseCache, 'catalogue');
    const now = () => fastify.clock.now();
    const order = { order: 1, _id: 1 } as const;
    const liveFilter = (at: Date): Filter<BannerDocument> => ({
      active: true,
      $and: [
        { $or: [{ startsAt: null }, { startsAt: { $lte: at } }] },
        { $or: [{ endsAt: null }, { endsAt: { $gt: at } }] },
      ],
    });
    const page = (filter: Filter<BannerDocument>, pageNumber: number, limit: number) => findPage(collection(), filter, order, pageNumber, limit);

    const repository: BannersRepository = {
      async insertIfTitleFree(banner) {
        // Titles have no unique index, so this is as safe as the upsert with $setOnInsert it replaces
        // (two seeds at once could insert twice either way), which FerretDB 1.x stored without its
        // null fields (api/README.md, "Executado contra FerretDB 1.24").
        if (await collection().findOne({ title: banner.title })) return false;
        await collection().insertOne(banner);
        return true;
      },
      listLive: (pageNumber, limit) => page(liveFilter(now()), pageNumber, limit),
      listAll: (pageNumber, limit) => page({}, pageNumber, limit),
      findById: (id) => collection().findOne({ _id: new ObjectId(id) }),

      async create(fields) {
        const at = now();
        const banner: BannerDocument = {
          _id: new ObjectId(),
          ...fields,
          order: fields.order ?? (await collection().countDocuments({})),
          createdAt: at,
          updatedAt: at,
        };
        await collection().insertOne(banner);
        return banner;
      },

      update: (id, changes) =>
        collection().findOneAndUpdate({ _id: new ObjectId(id) }, { $set: { ...changes, updatedAt: now() } }, { returnDocument: 'after' }),

      delete: async (id) => (await collection().deleteOne({ _id: new ObjectId(id) })).deletedCount === 1,

      async reorder(ids) {
        await reorderByIds(collection(), ids, order, now(), {
          repeated: () => badRequest('A lista de banners tem itens repetidos.', 'DUPLICATE_IDS'),
          unknown: (unknown) => badRequest(`Banner não encontrado: ${unknown.join(', ')}.`, 'BANNER_NOT_FOUND'),
        });
        return collection().find({}).sort(order).toArray();
      },

      async nextWindowChange(at) {
        const active = await collection().find({ active: true }, { projection: { startsAt: 1, endsAt: 1 } }).toArray();
        const later = active.flatMap((banner) => [banner.startsAt, banner.endsAt]).filter((date): date is Date => date !== null && date > at);
        return later.length ? new Date(Math.min(...later.map((date) => date.getTime()))) : null;
      },

      isLive(banner) {
        const at = now().getTime();
        return (
          banner.active &&
          (banner.startsAt === null || banner.startsAt.getTime() <= at) &&
          (banner.endsAt === null || banner.endsAt.getTime() > at)
        );
      },
    };
    fastify.decorate('bannersRepository', repository);
  },
  { name: 'banners-repository', dependencies: ['store', 'clock', 'response-cache'] },
);
