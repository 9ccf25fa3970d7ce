import type { PaymentMethod, SubscriptionStatus } from '../documents';

/**
 * The subscription statuses in Portuguese: the one home of these words in the API (PRODUCT.md,
 * "Pausada por falta de pagamento"). Lists and files show them as they are; sentences use them in
 * lower case ("A assinatura já está pausada.").
 */
export const STATUS_WORDS: Record<SubscriptionStatus, string> = {
  PENDING: 'Aguardando pagamento',
  ACTIVE: 'Ativa',
  PAUSED: 'Pausada',
  CANCELED: 'Cancelada',
};

/** The status inside a sentence: "aguardando pagamento", "ativa", "pausada", "cancelada". */
export const statusInSentence = (status: SubscriptionStatus) => STATUS_WORDS[status].toLowerCase();

export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, string> = { PIX: 'PIX', CREDIT_CARD: 'Cartão de crédito' };
