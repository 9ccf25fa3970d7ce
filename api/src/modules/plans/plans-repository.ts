import type { FastifyInstance } from 'fastify';
import { bumpingOnWrite } from '../../plugins/response-cache';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import type { GatewayPlan } from '../../plugins/payment-gateway/gateway';
import type { PlanDocument } from './documents';
import { PLANS_COLLECTIONS } from './collections';
import { toObjectId } from '../../store/object-id';

export interface PlanChanges {
  name?: string | undefined;
  description?: string | undefined;
  features?: string[] | undefined;
  creditsPerCycle?: number | undefined;
  active?: boolean | undefined;
  highlight?: boolean | undefined;
  order?: number | undefined;
}

export type PlanPresentation = Omit<PlanDocument, 'externalPlanId' | 'priceCents' | 'interval'>;

export interface PlansRepository {
  /** Seed: price and interval follow the gateway; the presentation is written only when the plan is new. True when created. */
  upsertFromGateway(gatewayPlan: GatewayPlan, presentation: PlanPresentation): Promise<boolean>;
  /** Active plans in display order (the public list). */
  listActive(): Promise<PlanDocument[]>;
  listAll(): Promise<PlanDocument[]>;
  /** Every plan by id (a handful), to show subscriptions with their plan. */
  mapAll(): Promise<Map<string, PlanDocument>>;
  findById(id: string | ObjectId): Promise<PlanDocument | null>;
  findByExternalId(externalPlanId: string): Promise<PlanDocument | null>;
  /** Presentation fields only; one plan is highlighted at most. */
  update(id: string | ObjectId, changes: PlanChanges): Promise<PlanDocument | null>;
}

const DISPLAY_ORDER = { order: 1, priceCents: 1, _id: 1 } as const;

export default fp(
  async function plansRepository(fastify: FastifyInstance) {
    // A subscription's answer shows its plan: a plan write makes members' kept bodies stale.
    const collection = () => bumpingOnWrite(fastify.store.collection<PlanDocument>(PLANS_COLLECTIONS.plans), fastify.responseCache, 'members');

    const repository: PlansRepository = {
      async upsertFromGateway(gatewayPlan, presentation) {
        const result = await collection().updateOne(
          { externalPlanId: gatewayPlan.externalPlanId },
          {
            $set: { priceCents: gatewayPlan.priceCents, interval: gatewayPlan.interval },
            $setOnInsert: { ...presentation, externalPlanId: gatewayPlan.externalPlanId },
          },
          { upsert: true },
        );
        return result.upsertedCount > 0;
      },
      listActive: () => collection().find({ active: true }).sort(DISPLAY_ORDER).toArray(),
      listAll: () => collection().find({}).sort(DISPLAY_ORDER).toArray(),
      async mapAll() {
        const all = await collection().find({}).toArray();
        return new Map(all.map((plan) => [plan._id.toHexString(), plan]));
      },
      findById: (id) => collection().findOne({ _id: toObjectId(id) }),
      findByExternalId: (externalPlanId) => collection().findOne({ externalPlanId }),

      async update(id, changes) {
        const _id = toObjectId(id);
        const set: Partial<PlanDocument> = { updatedAt: fastify.clock.now() };
        for (const key of ['name', 'description', 'features', 'creditsPerCycle', 'active', 'highlight', 'order'] as const) {
          if (changes[key] !== undefined) (set as Record<string, unknown>)[key] = changes[key];
        }
        const updated = await collection().findOneAndUpdate({ _id }, { $set: set }, { returnDocument: 'after' });
        if (updated && changes.highlight === true) {
          await collection().updateMany({ _id: { $ne: _id }, highlight: true }, { $set: { highlight: false, updatedAt: set.updatedAt! } });
        }
        return updated;
      },
    };

    fastify.decorate('plansRepository', repository);
  },
  { name: 'plans-repository', dependencies: ['store', 'clock', 'response-cache'] },
);
