import type { Subscription, UserProfile } from '@clube/platform';

/** What the rule reads of a subscription (`GET /v1/subscriptions/{id}`). */
export type SubscriptionSummary = Pick<Subscription, '_id' | 'status'> & { endDate?: Subscription['endDate'] | null };

/**
 * The seed's auto-cancel rule: a subscription that is not ACTIVE, is PAUSED and whose endDate has
 * passed, held by a user still marked `hasActiveSubscription`, is canceled by the app.
 */
export function shouldAutoCancel(profile: Pick<UserProfile, 'hasActiveSubscription'>, subscription: SubscriptionSummary | null, now: Date): boolean {
  if (!subscription || !profile.hasActiveSubscription) return false;
  if (subscription.status === 'ACTIVE' || subscription.status !== 'PAUSED') return false;
  return Boolean(subscription.endDate) && new Date(subscription.endDate as string).getTime() < now.getTime();
}
