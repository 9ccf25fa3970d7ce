import type { SubscriptionStatus } from '../documents';

/** Drives the partial unique index "one open subscription per user" (see collections.ts). */
export function isOpenSubscriptionStatus(status: SubscriptionStatus): boolean {
  return status !== 'CANCELED';
}
