import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import { COMPETENCE_COLLECTIONS } from './collections';
import type { ExportDocument } from './documents';

/** Every dossier file handed out (documents.ts): inserted, read back by the verification route. */
export interface ExportsRepository {
  insert(record: ExportDocument): Promise<void>;
  findById(id: ObjectId): Promise<ExportDocument | null>;
}

export default fp(
  async function exportsRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<ExportDocument>(COMPETENCE_COLLECTIONS.competenceExports);
    const repository: ExportsRepository = {
      async insert(record) {
        await collection().insertOne(record);
      },
      findById: (id) => collection().findOne({ _id: id }),
    };
    fastify.decorate('exportsRepository', repository);
  },
  { name: 'exports-repository', dependencies: ['store'] },
);
