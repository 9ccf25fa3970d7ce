import type { IndexDeclaration } from '../../store/indexes';

/** The collection only the plans module touches (plans-repository.ts). */
export const PLANS_COLLECTIONS = { plans: 'plans' } as const;

export const PLANS_INDEXES: IndexDeclaration[] = [
  { collection: PLANS_COLLECTIONS.plans, key: { externalPlanId: 1 }, options: { unique: true, name: 'plan_external_id_unique' } },
  { collection: PLANS_COLLECTIONS.plans, key: { active: 1, order: 1 } },
];
