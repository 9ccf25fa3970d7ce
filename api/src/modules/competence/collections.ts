import type { IndexDeclaration } from '../../store/indexes';

/** The collections only the competence module touches (functions-, completions- and exports-repository.ts). */
export const COMPETENCE_COLLECTIONS = {
  competenceFunctions: 'competenceFunctions',
  functionAssignments: 'functionAssignments',
  completions: 'completions',
  competenceExports: 'competenceExports',
} as const;

const { competenceFunctions, functionAssignments, completions, competenceExports } = COMPETENCE_COLLECTIONS;

export const COMPETENCE_INDEXES: IndexDeclaration[] = [
  // One function of a name per laboratory (the name folded to lower case). An archived function gives
  // its nameKey up (functions-repository.ts suffixes it), so a full index holds, also on FerretDB.
  { collection: competenceFunctions, key: { accountId: 1, nameKey: 1 }, options: { unique: true, name: 'one_function_name_per_account' } },
  // One active assignment per function and person; a person's functions.
  {
    collection: functionAssignments,
    key: { functionId: 1, userId: 1 },
    options: { unique: true, name: 'one_active_assignment', partialFilterExpression: { active: { $eq: true } } },
  },
  { collection: functionAssignments, key: { accountId: 1, active: 1 } },
  { collection: functionAssignments, key: { userId: 1, active: 1 } },
  // A person's completions of an item, newest first; the item's still in force (superseding a revision).
  { collection: completions, key: { userId: 1, itemType: 1, itemId: 1, completedAt: -1 } },
  { collection: completions, key: { itemType: 1, itemId: 1, supersededAt: 1 } },
  { collection: competenceExports, key: { accountId: 1, generatedAt: -1 } },
];
