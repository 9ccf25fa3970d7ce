import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId, type Collection, type Filter } from 'mongodb';
import type { SuggestionDocument, SuggestionStatus } from '../../db/catalogue';
import { COLLECTIONS } from '../../db/collections';
import { AppError, conflict, notFound } from '../../errors/app-error';

/** A member sends at most this many suggestions per window (kept in the data, so every instance agrees). */
export const SUGGESTIONS_PER_WINDOW = 5;
export const SUGGESTION_WINDOW_MS = 60 * 60_000;

/** NEW → READ → DONE; moving forward may skip READ, never backwards. */
const NEXT: Record<SuggestionStatus, SuggestionStatus[]> = { NEW: ['READ', 'DONE'], READ: ['DONE'], DONE: [] };

export interface SuggestionsRepository {
  collection(): Collection<SuggestionDocument>;
  create(userId: ObjectId, subject: string, message: string): Promise<SuggestionDocument>;
  list(page: number, limit: number, status?: SuggestionStatus): Promise<{ data: SuggestionDocument[]; total: number }>;
  changeStatus(id: string, status: SuggestionStatus): Promise<SuggestionDocument>;
}

declare module 'fastify' {
  interface FastifyInstance {
    suggestionsRepository: SuggestionsRepository;
  }
}

const STATUS_NAMES: Record<SuggestionStatus, string> = { NEW: 'nova', READ: 'lida', DONE: 'concluída' };

export default fp(
  async function suggestionsRepository(fastify: FastifyInstance) {
    const collection = () => fastify.mongo.db!.collection<SuggestionDocument>(COLLECTIONS.suggestions);
    const now = () => fastify.clock.now();

    const repository: SuggestionsRepository = {
      collection,

      async create(userId, subject, message) {
        const at = now();
        const recent = await collection().countDocuments({ userId, createdAt: { $gt: new Date(at.getTime() - SUGGESTION_WINDOW_MS) } });
        if (recent >= SUGGESTIONS_PER_WINDOW) {
          throw new AppError(
            429,
            'SUGGESTION_RATE_LIMITED',
            `Você já enviou ${SUGGESTIONS_PER_WINDOW} sugestões na última hora. Obrigado! Tente novamente mais tarde.`,
          );
        }
        const suggestion: SuggestionDocument = {
          _id: new ObjectId(),
          userId,
          subject: subject.trim(),
          message: message.trim(),
          status: 'NEW',
          createdAt: at,
          updatedAt: at,
        };
        await collection().insertOne(suggestion);
        return suggestion;
      },

      async list(page, limit, status) {
        const filter: Filter<SuggestionDocument> = status ? { status } : {};
        const [data, total] = await Promise.all([
          collection().find(filter).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * limit).limit(limit).toArray(),
          collection().countDocuments(filter),
        ]);
        return { data, total };
      },

      async changeStatus(id, status) {
        const _id = new ObjectId(id);
        const from = (Object.keys(NEXT) as SuggestionStatus[]).filter((current) => NEXT[current].includes(status));
        const updated = await collection().findOneAndUpdate(
          { _id, status: { $in: from } },
          { $set: { status, updatedAt: now() } },
          { returnDocument: 'after' },
        );
        if (updated) return updated;
        const current = await collection().findOne({ _id });
        if (!current) throw notFound('Sugestão não encontrada.', 'SUGGESTION_NOT_FOUND');
        if (current.status === status) return current;
        throw conflict(
          `Esta sugestão já está ${STATUS_NAMES[current.status]}; não pode voltar para ${STATUS_NAMES[status]}.`,
          'INVALID_STATUS_CHANGE',
        );
      },
    };
    fastify.decorate('suggestionsRepository', repository);
  },
  { name: 'suggestions-repository', dependencies: ['mongodb', 'clock'] },
);
