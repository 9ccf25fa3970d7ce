import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import type { CatalogueItemDocument, ItemType } from '../catalogue/documents';
import type { UserDocument } from '../users/documents';
import { hasSeatAccess } from '../billing/use-cases/context';

export type LockReason = 'SIGN_IN_REQUIRED' | 'SUBSCRIPTION_REQUIRED' | 'UNLOCK_REQUIRED';

export interface Lock {
  reason: LockReason;
  message: string;
}

/** Who is looking at a page of items, with everything the gate needs (loaded once per request). */
export interface Viewer {
  user: UserDocument | null;
  isAdmin: boolean;
  hasActiveSubscription: boolean;
  /** Ids (hex) of the items of this type the member unlocked with credits. */
  unlockedIds: Set<string>;
}

export interface Entitlements {
  /**
   * Subscription state comes from the subscription documents: an ACTIVE one grants access, and so
   * does an ACTIVE TECHNICIAN seat in a laboratory account whose subscription is ACTIVE.
   */
  hasActiveSubscription(userId: ObjectId): Promise<boolean>;
  viewer(request: FastifyRequest, itemType: ItemType, itemIds: ObjectId[]): Promise<Viewer>;
}

declare module 'fastify' {
  interface FastifyInstance {
    entitlements: Entitlements;
  }
}

/**
 * FREE: any signed-in member; SUBSCRIBERS: an ACTIVE subscription; CREDITS: the member
 * unlocked it (kept even if the subscription ends later: the credits were spent). Admins see all.
 */
export function lockOf(viewer: Viewer, item: Pick<CatalogueItemDocument, '_id' | 'access' | 'creditCost'>): Lock | null {
  if (viewer.isAdmin) return null;
  if (!viewer.user) return { reason: 'SIGN_IN_REQUIRED', message: 'Entre na sua conta para acessar este item.' };
  switch (item.access) {
    case 'FREE':
      return null;
    case 'SUBSCRIBERS':
      return viewer.hasActiveSubscription
        ? null
        : { reason: 'SUBSCRIPTION_REQUIRED', message: 'Exclusivo para assinantes. Assine um plano para ter acesso.' };
    case 'CREDITS':
      if (viewer.unlockedIds.has(item._id.toHexString())) return null;
      return viewer.hasActiveSubscription
        ? {
            reason: 'UNLOCK_REQUIRED',
            message: `Desbloqueie com ${item.creditCost} crédito(s) do seu plano para ter acesso.`,
          }
        : { reason: 'SUBSCRIPTION_REQUIRED', message: 'Assine um plano para desbloquear este item com créditos.' };
  }
}

export default fp(
  async function entitlements(fastify: FastifyInstance) {

    const service: Entitlements = {
      async hasActiveSubscription(userId) {
        if (await fastify.subscriptionsRepository.hasActive(userId)) return true;
        return hasSeatAccess({ team: fastify.teamRepository, subscriptions: fastify.subscriptionsRepository }, userId);
      },

      async viewer(request, itemType, itemIds) {
        const user = request.user;
        if (!user) return { user: null, isAdmin: false, hasActiveSubscription: false, unlockedIds: new Set() };
        if (user.role === 'ADMIN') return { user, isAdmin: true, hasActiveSubscription: true, unlockedIds: new Set() };
        const [active, unlocked] = await Promise.all([
          service.hasActiveSubscription(user._id),
          fastify.unlocksService.unlockedIds(user._id, itemType, itemIds),
        ]);
        return {
          user,
          isAdmin: false,
          hasActiveSubscription: active,
          unlockedIds: unlocked,
        };
      },
    };
    fastify.decorate('entitlements', service);
  },
  { name: 'entitlements', dependencies: ['subscriptions-repository', 'team-repository', 'unlocks-service'] },
);
