import type { IndexDeclaration } from '../../store/indexes';

/** The collections only the assessments module touches (assessments-repository.ts). */
export const ASSESSMENTS_COLLECTIONS = { assessments: 'assessments', assessmentAttempts: 'assessmentAttempts' } as const;

const { assessments, assessmentAttempts } = ASSESSMENTS_COLLECTIONS;

/**
 * One quiz per item; attempt n of a person, item and document revision exists once, so two
 * starts racing for the last attempt cannot both get it.
 */
export const ASSESSMENTS_INDEXES: IndexDeclaration[] = [
  { collection: assessments, key: { itemType: 1, itemId: 1 }, options: { unique: true, name: 'one_assessment_per_item' } },
  {
    collection: assessmentAttempts,
    key: { userId: 1, itemType: 1, itemId: 1, revisionKey: 1, number: 1 },
    options: { unique: true, name: 'one_attempt_number_per_person_item_revision' },
  },
  { collection: assessmentAttempts, key: { userId: 1, startedAt: -1 } },
];
