import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import { COMPETENCE_COLLECTIONS } from './collections';
import type { ExportDocument } from './documents';

/** Every dossier file handed out (documents.ts): inserted, read back by the verification route. */
export interface ExportsRepository {
  insert(record: ExportDocument): Promise<void>;
  findById(id: ObjectId): Promise<ExportDocument | null>;
  /** The dossier files about the person, newest first (their LGPD export). */
  allForUser(userId: ObjectId): Promise<ExportDocument[]>;
  /**
   * LGPD erasure: the files about the person are forgotten (their check then answers "não
   * encontrado"); on the files the person generated about others, `erasureId` and `name` replace them.
   */
  eraseUser(userId: ObjectId, erasureId: ObjectId, name: string): Promise<{ deleted: number; anonymised: number }>;
}

export default fp(
  async function exportsRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<ExportDocument>(COMPETENCE_COLLECTIONS.competenceExports);
    const repository: ExportsRepository = {
      async insert(record) {
        await collection().insertOne(record);
      },
      findById: (id) => collection().findOne({ _id: id }),
      allForUser: (userId) => collection().find({ userId }).sort({ generatedAt: -1, _id: -1 }).toArray(),
      async eraseUser(userId, erasureId, name) {
        const { deletedCount } = await collection().deleteMany({ userId });
        const { modifiedCount } = await collection().updateMany({ generatedBy: userId }, { $set: { generatedBy: erasureId, generatedByName: name } });
        return { deleted: deletedCount, anonymised: modifiedCount };
      },
    };
    fastify.decorate('exportsRepository', repository);
  },
  { name: 'exports-repository', dependencies: ['store'] },
);
