import type { IndexDeclaration } from '../../store/indexes';

/** The collections only the users module touches (users-repository.ts). */
export const USERS_COLLECTIONS = {
  users: 'users',
  /** Erased accounts: { _id: sha256(Firebase uid), deletedAt } — tokens of these uids are refused. */
  deletedAccounts: 'deletedAccounts',
  /** Short-lived mutexes (the admin roster: the last ADMIN is never demoted or deleted). */
  locks: 'locks',
} as const;

const { users } = USERS_COLLECTIONS;

export const USERS_INDEXES: IndexDeclaration[] = [
  { collection: users, key: { providerId: 1 }, options: { unique: true, name: 'providerId_unique' } },
  { collection: users, key: { email: 1 }, options: { unique: true, name: 'email_unique' } },
  { collection: users, key: { createdAt: -1 } },
  { collection: users, key: { name: 1 } },
  { collection: users, key: { role: 1, createdAt: -1 } },
  { collection: users, key: { hasActiveSubscription: 1, createdAt: -1 } },
  { collection: users, key: { 'credits.used': 1, createdAt: -1 } },
];
