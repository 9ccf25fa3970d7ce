import { formatDate, type Subscription } from '@clube/platform';

/** The subscription's status in words, as the member reads it. */
export function statusWords(subscription: Subscription): string {
  if (subscription.status === 'ACTIVE' && subscription.cancelRequest) {
    return subscription.endDate ? `Cancelamento solicitado — acesso até ${formatDate(subscription.endDate)}` : 'Cancelamento solicitado';
  }
  return { ACTIVE: 'Ativa', PENDING: 'Aguardando pagamento', PAUSED: 'Pausada por falta de pagamento', CANCELED: 'Cancelada' }[subscription.status];
}

export function statusTone(subscription: Subscription): 'success' | 'warning' | 'danger' | 'neutral' {
  if (subscription.status === 'ACTIVE') return subscription.cancelRequest ? 'warning' : 'success';
  return { PENDING: 'warning', PAUSED: 'danger', CANCELED: 'neutral' }[subscription.status] as 'warning' | 'danger' | 'neutral';
}
