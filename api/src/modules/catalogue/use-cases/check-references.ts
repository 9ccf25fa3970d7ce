import type { FastifyInstance } from 'fastify';
import { ObjectId } from 'mongodb';
import { badRequest } from '../../../http/app-error';

/** Admin writes point at things that must exist: the category and the stored files. */
export async function assertCategoryExists(fastify: FastifyInstance, categoryId: string): Promise<ObjectId> {
  const id = new ObjectId(categoryId);
  if (!(await fastify.categoriesRepository.exists(id))) {
    throw badRequest('Categoria não encontrada. Escolha uma categoria existente.', 'CATEGORY_NOT_FOUND');
  }
  return id;
}

export async function assertFilesExist(fastify: FastifyInstance, keys: string[]): Promise<void> {
  for (const key of keys) {
    if (!(await fastify.fileStorage.stat(key))) {
      throw badRequest(`Arquivo não encontrado: ${key}. Envie-o por POST /v1/uploads e use a chave devolvida.`, 'FILE_NOT_FOUND');
    }
  }
}
