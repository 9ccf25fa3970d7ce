import type { IndexDeclaration } from '../../store/indexes';

/** The collections only the team module touches (team-repository.ts). */
export const TEAM_COLLECTIONS = { laboratoryAccounts: 'laboratoryAccounts', seats: 'seats', invitations: 'invitations' } as const;

const { laboratoryAccounts, seats, invitations } = TEAM_COLLECTIONS;

/** One account per manager and per subscription; a user holds at most one ACTIVE seat. */
export const TEAM_INDEXES: IndexDeclaration[] = [
  { collection: laboratoryAccounts, key: { managerId: 1 }, options: { unique: true, name: 'one_account_per_manager' } },
  { collection: laboratoryAccounts, key: { subscriptionId: 1 }, options: { unique: true, name: 'one_account_per_subscription' } },
  {
    collection: seats,
    key: { userId: 1 },
    options: { unique: true, name: 'one_active_seat_per_user', partialFilterExpression: { status: { $eq: 'ACTIVE' } } },
  },
  { collection: seats, key: { accountId: 1, joinedAt: 1 } },
  { collection: invitations, key: { tokenHash: 1 }, options: { unique: true, name: 'invitation_token_unique' } },
  { collection: invitations, key: { accountId: 1, status: 1, createdAt: -1 } },
];
