import type { IndexDeclaration } from '../../store/indexes';

/** What only the mail module touches (mail-preferences-repository.ts). The messages themselves are `email` jobs (modules/jobs). */
export const MAIL_COLLECTIONS = { emailPreferences: 'emailPreferences' } as const;

export const MAIL_INDEXES: IndexDeclaration[] = [
  { collection: MAIL_COLLECTIONS.emailPreferences, key: { userId: 1 }, options: { unique: true, name: 'one_preference_per_user' } },
];
