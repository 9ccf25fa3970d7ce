import { formatDate, type Subscription } from '@clube/platform';
import { subscriptionStatusLabel, subscriptionStatusTone, type StatusTone } from '@clube/platform/subscription-words';

/** The subscription's status in words, as the member reads it: a requested cancellation says until when access lasts. */
export function statusWords(subscription: Subscription): string {
  if (subscription.status === 'ACTIVE' && subscription.cancelRequest) {
    return subscription.endDate ? `Cancelamento solicitado — acesso até ${formatDate(subscription.endDate)}` : 'Cancelamento solicitado';
  }
  if (subscription.status === 'PAUSED' && subscription.adminDecision?.status === 'PAUSED') {
    const { reason } = subscription.adminDecision;
    return `Pausada pela administração do Clube${reason ? `: ${reason}` : ''}`;
  }
  return subscriptionStatusLabel(subscription.status);
}

export function statusTone(subscription: Subscription): StatusTone {
  return subscription.status === 'ACTIVE' && subscription.cancelRequest ? 'warning' : subscriptionStatusTone(subscription.status);
}
