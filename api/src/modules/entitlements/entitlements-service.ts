import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import type { ItemType } from '../catalogue/documents';
import type { Viewer } from './rules/gate';

export interface Entitlements {
  /**
   * Subscription state comes from the subscription documents: an ACTIVE one grants access, and so
   * does an ACTIVE TECHNICIAN seat in a laboratory account whose subscription is ACTIVE.
   */
  hasActiveSubscription(userId: ObjectId): Promise<boolean>;
  viewer(request: FastifyRequest, itemType: ItemType, itemIds: ObjectId[]): Promise<Viewer>;
}

export default fp(
  async function entitlements(fastify: FastifyInstance) {
    const service: Entitlements = {
      hasActiveSubscription: (userId) => fastify.billing.hasAccess(userId),

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
  { name: 'entitlements', dependencies: ['billing', 'unlocks-service'] },
);
