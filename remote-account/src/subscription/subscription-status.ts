import { formatDate, type Subscription } from '@clube/platform';
import { subscriptionStatusLabel, subscriptionStatusTone, type StatusTone } from '@clube/platform/subscription-words';

/** The subscription's status in words, as the member reads it: a requested cancellation says until when access lasts. */
export function statusWords(subscription: Subscription): string {
  if (subscription.status === 'ACTIVE' && subscription.cancelRequest) {
    return subscription.endDate ? `Cancelamento solicitado — acesso até ${formatDate(subscription.endDate)}` : 'Cancelamento solicitado';
  }
  return subscriptionStatusLabel(subscription.status);
}

export function statusTone(subscription: Subscription): StatusTone {
  return subscription.status === 'ACTIVE' && subscription.cancelRequest ? 'warning' : subscriptionStatusTone(subscription.status);
}
