import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId, type Filter } from 'mongodb';
import type { StoreSort } from '../../store/store';
import { findPage } from '../../store/pagination';
import type { SuggestionAnswer, SuggestionDocument, SuggestionStatus, SuggestionVoteDocument } from './documents';
import { SUGGESTIONS_COLLECTIONS } from './collections';
import { AppError, conflict, isDuplicateKeyError, notFound } from '../../http/app-error';

/** A member sends at most this many suggestions per window (kept in the data, so every instance agrees). */
export const SUGGESTIONS_PER_WINDOW = 5;
export const SUGGESTION_WINDOW_MS = 60 * 60_000;

/** NEW → READ → DONE; moving forward may skip READ, never backwards. */
const NEXT: Record<SuggestionStatus, SuggestionStatus[]> = { NEW: ['READ', 'DONE'], READ: ['DONE'], DONE: [] };

/** What members can still vote on. */
export const OPEN_SUGGESTION_STATUSES: SuggestionStatus[] = ['NEW', 'READ'];

export type SuggestionSort = 'recent' | 'votes';

export interface SuggestionsRepository {
  create(userId: ObjectId, subject: string, message: string): Promise<SuggestionDocument>;
  findById(id: string | ObjectId): Promise<SuggestionDocument | null>;
  list(page: number, limit: number, status?: SuggestionStatus, sort?: SuggestionSort): Promise<{ data: SuggestionDocument[]; total: number }>;
  /** NEW and READ suggestions of every member, most voted first. */
  listOpen(page: number, limit: number): Promise<{ data: SuggestionDocument[]; total: number }>;
  /** A member's own suggestions, newest first. */
  listByUser(userId: ObjectId, page: number, limit: number): Promise<{ data: SuggestionDocument[]; total: number }>;
  changeStatus(id: string, status: SuggestionStatus): Promise<SuggestionDocument>;
  /** Links (or, with null, unlinks) the content or video that answered the suggestion. */
  setAnswer(id: string, answer: SuggestionAnswer | null): Promise<SuggestionDocument>;
  /**
   * One vote per member and suggestion: the vote row is inserted first and its unique index is the
   * lock, so concurrent votes by the same member count once; only a new row increments `votes`.
   */
  vote(id: string, userId: ObjectId): Promise<{ suggestion: SuggestionDocument; counted: boolean }>;
  /** Which of these suggestions the member voted for. */
  votedBy(userId: ObjectId, suggestionIds: ObjectId[]): Promise<Set<string>>;
  /** The member's suggestions and votes, newest first (LGPD export). */
  allForUser(userId: ObjectId): Promise<{ suggestions: SuggestionDocument[]; votes: SuggestionVoteDocument[] }>;
  /**
   * LGPD erasure: the member's suggestions and votes; the suggestions they voted for keep their
   * counts (a vote was cast, by nobody anyone can name). Answers how many of each went.
   */
  deleteAllForUser(userId: ObjectId): Promise<{ suggestions: number; votes: number }>;
}

const STATUS_NAMES: Record<SuggestionStatus, string> = { NEW: 'nova', READ: 'lida', DONE: 'concluída' };
const suggestionNotFound = () => notFound('Sugestão não encontrada.', 'SUGGESTION_NOT_FOUND');

export default fp(
  async function suggestionsRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<SuggestionDocument>(SUGGESTIONS_COLLECTIONS.suggestions);
    const votes = () => fastify.store.collection<SuggestionVoteDocument>(SUGGESTIONS_COLLECTIONS.suggestionVotes);
    const now = () => fastify.clock.now();

    const page = (filter: Filter<SuggestionDocument>, sort: StoreSort, pageNumber: number, limit: number) =>
      findPage(collection(), filter, sort, pageNumber, limit);
    const RECENT: StoreSort = { createdAt: -1, _id: -1 };
    const MOST_VOTED: StoreSort = { votes: -1, createdAt: -1, _id: -1 };

    const repository: SuggestionsRepository = {

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
          votes: 0,
          answer: null,
          createdAt: at,
          updatedAt: at,
        };
        await collection().insertOne(suggestion);
        return suggestion;
      },

      findById: (id) => collection().findOne({ _id: new ObjectId(id) }),

      list: (pageNumber, limit, status, sort = 'recent') =>
        page(status ? { status } : {}, sort === 'votes' ? MOST_VOTED : RECENT, pageNumber, limit),

      listOpen: (pageNumber, limit) => page({ status: { $in: OPEN_SUGGESTION_STATUSES } }, MOST_VOTED, pageNumber, limit),

      listByUser: (userId, pageNumber, limit) => page({ userId }, RECENT, pageNumber, limit),

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
        if (!current) throw suggestionNotFound();
        if (current.status === status) return current;
        throw conflict(
          `Esta sugestão já está ${STATUS_NAMES[current.status]}; não pode voltar para ${STATUS_NAMES[status]}.`,
          'INVALID_STATUS_CHANGE',
        );
      },

      async setAnswer(id, answer) {
        const updated = await collection().findOneAndUpdate(
          { _id: new ObjectId(id) },
          { $set: { answer, updatedAt: now() } },
          { returnDocument: 'after' },
        );
        if (!updated) throw suggestionNotFound();
        return updated;
      },

      async vote(id, userId) {
        const suggestionId = new ObjectId(id);
        const current = await collection().findOne({ _id: suggestionId });
        if (!current) throw suggestionNotFound();
        if (!OPEN_SUGGESTION_STATUSES.includes(current.status)) {
          throw conflict('Esta sugestão já foi concluída e não recebe mais votos.', 'SUGGESTION_CLOSED');
        }
        try {
          await votes().insertOne({ _id: new ObjectId(), suggestionId, userId, createdAt: now() });
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          return { suggestion: current, counted: false };
        }
        const updated = await collection().findOneAndUpdate({ _id: suggestionId }, { $inc: { votes: 1 } }, { returnDocument: 'after' });
        return { suggestion: updated ?? current, counted: true };
      },

      async votedBy(userId, suggestionIds) {
        if (suggestionIds.length === 0) return new Set();
        const rows = await votes()
          .find({ userId, suggestionId: { $in: suggestionIds } }, { projection: { suggestionId: 1 } })
          .toArray();
        return new Set(rows.map((row) => row.suggestionId.toHexString()));
      },

      async allForUser(userId) {
        const [mine, cast] = await Promise.all([
          collection().find({ userId }).sort(RECENT).toArray(),
          votes().find({ userId }).sort(RECENT).toArray(),
        ]);
        return { suggestions: mine, votes: cast };
      },

      async deleteAllForUser(userId) {
        const [mine, cast] = await Promise.all([collection().deleteMany({ userId }), votes().deleteMany({ userId })]);
        return { suggestions: mine.deletedCount, votes: cast.deletedCount };
      },
    };
    fastify.decorate('suggestionsRepository', repository);
  },
  { name: 'suggestions-repository', dependencies: ['store', 'clock'] },
);
