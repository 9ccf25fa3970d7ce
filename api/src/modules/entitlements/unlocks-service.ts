import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId } from 'mongodb';
import type { CatalogueItemDocument, ItemType } from '../catalogue/documents';
import type { UnlockDocument } from './documents';
import type { UserDocument } from '../users/documents';
import type { UnlockKey } from './unlocks-repository';
import { AppError, conflict, forbidden, isDuplicateKeyError, notFound } from '../../http/app-error';

export interface UnlockResult {
  unlock: UnlockDocument;
  /** false: it was already unlocked, nothing was charged. */
  charged: boolean;
  credits: { balance: number; used: number };
}

export interface UnlocksService {
  /** Ids (hex) of the given items unlocked (settled) for the member: by them, or by anyone on their team. */
  unlockedIds(userId: ObjectId, itemType: ItemType, itemIds: ObjectId[]): Promise<Set<string>>;
  countForUser(userId: ObjectId): Promise<number>;
  unlock(user: UserDocument, itemType: ItemType, itemId: string): Promise<UnlockResult>;
  /** "Meus conteúdos": settled unlocks, newest first. */
  listForUser(userId: ObjectId, page: number, limit: number, itemType?: ItemType): Promise<{ data: UnlockDocument[]; total: number }>;
}

/** How long a second unlock of the same item waits for the first one to finish charging. */
const WAIT_FOR_PENDING_MS = 3000;
const POLL_MS = 15;
/** A row left unsettled this long belongs to a request that died between its two writes. */
const ABANDONED_AFTER_MS = 2 * 60_000;

/**
 * Unlocking is two single-document writes, each atomic on both backends and no transaction:
 * 1. insert the unlock row (settled: false); the unique index (userId, itemType, itemId) makes
 *    it the lock: a second request for the same item gets a duplicate key and waits for it;
 * 2. take the credits with a conditional update (`credits.balance >= cost`), so concurrent
 *    unlocks of different items can never overdraw; if it does not match, the row is removed
 *    and the answer is 409 with the balance. Otherwise the row is marked settled.
 */
export default fp(
  async function unlocksService(fastify: FastifyInstance) {
    const rows = fastify.unlocksRepository;
    const now = () => fastify.clock.now();

    const itemOf = (itemType: ItemType, id: string): Promise<CatalogueItemDocument | null> =>
      itemType === 'CONTENT' ? fastify.contentsRepository.findByIdOrSlug(id, true) : fastify.videosRepository.findByIdOrSlug(id, true);

    const creditsOf = (userId: ObjectId) => fastify.usersRepository.creditsOf(userId);
    const team = fastify.teamRepository;

    /**
     * Whose credits pay: a member with an ACTIVE seat spends the laboratory's wallet (the
     * manager's credits) and unlocks for the whole team; anyone else, their own.
     */
    async function walletOf(userId: ObjectId): Promise<{ walletId: ObjectId; accountId: ObjectId | null }> {
      const seat = await team.findActiveSeat(userId);
      const account = seat ? await team.findAccountById(seat.accountId) : null;
      return account ? { walletId: account.managerId, accountId: account._id } : { walletId: userId, accountId: null };
    }

    /** The settled row another request is writing, or null once it gave up (then try again). */
    async function waitForOther(key: UnlockKey, accountId: ObjectId | null): Promise<UnlockDocument | null> {
      const deadline = Date.now() + WAIT_FOR_PENDING_MS;
      for (;;) {
        const existing = accountId ? ((await rows.findForTeam(accountId, key.itemType, key.itemId)) ?? (await rows.find(key))) : await rows.find(key);
        if (!existing || existing.settled) return existing;
        if (now().getTime() - existing.createdAt.getTime() > ABANDONED_AFTER_MS) {
          await rows.removeUnsettled(existing._id);
          return null;
        }
        if (Date.now() > deadline) {
          throw new AppError(409, 'UNLOCK_IN_PROGRESS', 'Este desbloqueio ainda está sendo processado. Tente novamente em instantes.');
        }
        await sleep(POLL_MS);
      }
    }

    const service: UnlocksService = {
      async unlockedIds(userId, itemType, itemIds) {
        if (!itemIds.length) return new Set();
        const seat = await team.findActiveSeat(userId);
        return rows.unlockedIds(userId, itemType, itemIds, seat?.accountId ?? null);
      },
      countForUser: (userId) => rows.countForUser(userId),

      async unlock(user, itemType, itemId) {
        const item = await itemOf(itemType, itemId);
        if (!item || item._id.toHexString() !== itemId.toLowerCase()) {
          throw notFound(itemType === 'CONTENT' ? 'Conteúdo não encontrado.' : 'Vídeo não encontrado.', 'ITEM_NOT_FOUND');
        }
        if (item.access !== 'CREDITS') {
          throw conflict(
            item.access === 'FREE'
              ? 'Este item é gratuito para membros: não precisa ser desbloqueado.'
              : 'Este item faz parte da assinatura: não precisa ser desbloqueado com créditos.',
            'NOT_UNLOCKABLE',
          );
        }
        if (!(await fastify.billing.hasAccess(user._id))) {
          throw forbidden('Você precisa de uma assinatura ativa para desbloquear itens com créditos.', 'SUBSCRIPTION_REQUIRED');
        }

        const { walletId, accountId } = await walletOf(user._id);
        const key = { userId: user._id, itemType, itemId: item._id };
        for (let attempt = 0; attempt < 3; attempt += 1) {
          // Already unlocked by this member, or by anyone on the team: nothing is charged.
          const settled = [await rows.find(key), accountId ? await rows.findForTeam(accountId, itemType, item._id) : null].find(
            (existing) => existing?.settled,
          );
          if (settled) return { unlock: settled, charged: false, credits: await creditsOf(walletId) };

          const row: UnlockDocument = { _id: new ObjectId(), ...key, accountId, credits: item.creditCost, settled: false, createdAt: now() };
          try {
            await rows.insert(row);
          } catch (error) {
            if (!isDuplicateKeyError(error)) throw error;
            const existing = await waitForOther(key, accountId);
            if (existing) return { unlock: existing, charged: false, credits: await creditsOf(walletId) };
            continue;
          }

          const charged = await fastify.usersRepository.spendCredits(walletId, item.creditCost, now());
          if (!charged) {
            await rows.remove(row._id);
            const { balance } = await creditsOf(walletId);
            throw conflict(
              accountId
                ? `Créditos insuficientes: o saldo do laboratório é de ${balance} crédito(s) e este item custa ${item.creditCost}.`
                : `Créditos insuficientes: seu saldo é de ${balance} crédito(s) e este item custa ${item.creditCost}.`,
              'INSUFFICIENT_CREDITS',
            );
          }
          await rows.settle(row._id);
          return { unlock: { ...row, settled: true }, charged: true, credits: charged };
        }
        throw new AppError(409, 'UNLOCK_IN_PROGRESS', 'Este desbloqueio ainda está sendo processado. Tente novamente em instantes.');
      },

      listForUser: (userId, page, limit, itemType) => rows.listForUser(userId, page, limit, itemType),
    };
    fastify.decorate('unlocksService', service);
  },
  {
    name: 'unlocks-service',
    dependencies: ['clock', 'catalogue-items-repository', 'users-repository', 'unlocks-repository', 'team-repository', 'billing'],
  },
);
