import type { PlanDocument } from './documents';
import type { PlanResponse, PlanSummary } from './schemas';

export function toPlanResponse(plan: PlanDocument): PlanResponse {
  return {
    _id: plan._id.toHexString(),
    name: plan.name,
    description: plan.description,
    priceCents: plan.priceCents,
    interval: plan.interval,
    creditsPerCycle: plan.creditsPerCycle,
    features: [...plan.features],
    externalPlanId: plan.externalPlanId,
    active: plan.active,
    highlight: plan.highlight,
    order: plan.order,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

export function toPlanSummary(plan: PlanDocument): PlanSummary {
  return {
    _id: plan._id.toHexString(),
    name: plan.name,
    priceCents: plan.priceCents,
    interval: plan.interval,
    creditsPerCycle: plan.creditsPerCycle,
    externalPlanId: plan.externalPlanId,
  };
}
