import type { ObjectId } from 'mongodb';

/** Plans (collection and indexes in collections.ts). */

export const PLAN_INTERVALS = ['MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export interface PlanDocument {
  _id: ObjectId;
  name: string;
  description: string;
  /** BRL cents; comes from the gateway's catalogue, never from the admin form. */
  priceCents: number;
  interval: PlanInterval;
  creditsPerCycle: number;
  features: string[];
  /** The gateway's id for the plan (also what PATCH /subscriptions/{id}/plan receives). */
  externalPlanId: string;
  active: boolean;
  highlight: boolean;
  order: number;
  createdAt: Date;
  updatedAt: Date;
}
