import { formatBrl, formatDate } from '../../../http/format';
import type { PlanDocument } from '../../plans/documents';
import type { PaymentMethod, SubscriptionStatus } from '../documents';
import { creditsFor, priceFor } from './pricing';
import type { LifecycleEvent, Phase } from './state-machine';

/**
 * Billing's words and sentences in Portuguese, in one place: the status words, why a transition
 * is refused, what a plan change charges and when, and how invoices describe themselves.
 */

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

/** Why an event does not apply to a phase, in Portuguese. */
export function refusalMessage(phase: Phase, event: LifecycleEvent): string {
  const label = phase === 'CANCEL_REQUESTED' ? 'com cancelamento solicitado' : phase === 'NONE' ? 'inexistente' : statusInSentence(phase);
  switch (event) {
    case 'CANCEL_REQUESTED':
      if (phase === 'CANCEL_REQUESTED') return 'O cancelamento desta assinatura já foi solicitado.';
      return `Só é possível agendar o cancelamento de uma assinatura ativa (esta está ${label}). Para encerrar agora, use "Cancelar agora".`;
    case 'CANCELED_NOW':
      return 'Esta assinatura já está cancelada.';
    case 'REACTIVATED':
    case 'CANCEL_UNDONE':
      if (phase === 'ACTIVE') return 'Esta assinatura já está ativa.';
      if (phase === 'PENDING') return 'Esta assinatura aguarda o primeiro pagamento: pague a fatura em aberto para ativá-la.';
      return 'Esta assinatura está pausada por falta de pagamento: pague a fatura em aberto para reativá-la.';
    case 'UPGRADE_REQUESTED':
    case 'DOWNGRADE_REQUESTED':
    case 'PLAN_SWITCHED':
    case 'PLAN_CHANGE_REVERTED':
      if (phase === 'CANCELED') return 'Não é possível trocar o plano de uma assinatura cancelada. Reative-a ou assine um novo plano.';
      if (phase === 'PAUSED') return 'Pague a fatura em atraso antes de trocar de plano.';
      if (phase === 'CANCEL_REQUESTED') return 'O cancelamento desta assinatura foi solicitado. Reative-a antes de trocar de plano.';
      return `Não é possível trocar o plano de uma assinatura ${label}.`;
    case 'PAYMENT_METHOD_CHANGED':
      return 'Esta assinatura está cancelada: não é possível alterá-la. Reative-a ou assine um plano.';
    case 'WITHDRAWN':
      if (phase === 'ACTIVE' || phase === 'CANCEL_REQUESTED') return MESSAGES.withdrawalClosed;
      return `O arrependimento vale para uma assinatura ativa (esta está ${label}).`;
    case 'ADMIN_ACTIVE':
    case 'ADMIN_PAUSED':
      return `A assinatura está ${label}: a mudança não se aplica.`;
    default:
      return `Esta operação não se aplica a uma assinatura ${label}.`;
  }
}

/** " (3 assentos)" after a plan's name when a laboratory account buys more than one seat. */
export const seatsLabel = (seats: number) => (seats > 1 ? ` (${seats} assentos)` : '');

/** "plano Anual" or "plano Anual com 3 assentos". */
export const planLabel = (plan: PlanDocument, seats: number) => `plano ${plan.name}${seats > 1 ? ` com ${seats} assentos` : ''}`;

const creditsWords = (count: number) => `${count} crédito${count === 1 ? '' : 's'}`;

export function upgradeMessage(
  current: PlanDocument,
  fromSeats: number,
  target: PlanDocument,
  toSeats: number,
  amountCents: number,
  creditCents: number,
  dueDate: Date,
  creditsTakenBack: number,
): string {
  const from = planLabel(current, fromSeats);
  const to = planLabel(target, toSeats);
  const granted = creditsFor(target, toSeats);
  // Said before confirming: which credits leave the balance, and that nothing leaves before payment (issue 25).
  const credits =
    creditsTakenBack > 0
      ? ` Seu saldo não muda até lá; na confirmação saem ${creditsWords(creditsTakenBack)} dos dias não usados (descontados do preço) e entram ${creditsWords(granted)}.`
      : ` Seu saldo não muda até lá; na confirmação entram ${creditsWords(granted)}.`;
  return (
    `Será cobrado agora ${formatBrl(amountCents)}: ${formatBrl(priceFor(target, toSeats))} do ${to} menos ` +
    `${formatBrl(creditCents)} pelos dias não usados do ${from}. O ${to} começa quando o pagamento ` +
    `for confirmado (vencimento em ${formatDate(dueDate)}), com um novo ciclo a partir dessa data.` +
    credits
  );
}

export function downgradeMessage(current: PlanDocument, fromSeats: number, target: PlanDocument, toSeats: number, effectiveAt: Date | null): string {
  return (
    `Nada é cobrado agora. Você continua no ${planLabel(current, fromSeats)} até ${effectiveAt ? formatDate(effectiveAt) : 'o fim do ciclo'}; ` +
    `a partir daí vale o ${planLabel(target, toSeats)}, com cobrança de ${formatBrl(priceFor(target, toSeats))}.`
  );
}

export const INVOICE_DESCRIPTIONS = {
  first: (plan: PlanDocument, seats: number) => `Plano ${plan.name}${seatsLabel(seats)}: primeiro ciclo`,
  renewal: (plan: PlanDocument, seats: number) => `Plano ${plan.name}${seatsLabel(seats)}: renovação`,
  grant: (plan: PlanDocument) => `Plano ${plan.name}: período concedido pela administração`,
  upgrade: (plan: PlanDocument, seats: number) => `Mudança para o ${planLabel(plan, seats)}`,
};

export const MESSAGES = {
  planMissing: 'O plano desta assinatura não foi encontrado.',
  planUnavailable: 'Este plano não está disponível no momento. Escolha outro plano.',
  subscriptionPlanUnavailable: 'O plano desta assinatura não está mais disponível. Escolha um novo plano para assinar.',
  grantNotCharged: 'Esta fatura não é cobrada.',
  withdrawalClosed:
    'O direito de arrependimento vale por 7 dias a partir do pagamento da primeira assinatura. Você ainda pode cancelar: o acesso continua até o fim do período pago.',
  changeNoLongerPending: 'Esta troca de plano não está mais pendente.',
  alreadyStatus: (status: SubscriptionStatus) => `A assinatura já está ${statusInSentence(status)}.`,
  alreadyOnPlan: (plan: PlanDocument, seats: number) => `Sua assinatura já está no ${planLabel(plan, seats)}.`,
  changeReverted: (plan: PlanDocument, seats: number) => `A troca de plano foi desfeita. Você continua no ${planLabel(plan, seats)}.`,
  planSwitched: (plan: PlanDocument, seats: number, amountCents: number, dueDate: Date) =>
    `Plano alterado para ${planLabel(plan, seats)}. A fatura em aberto passa a ser de ${formatBrl(amountCents)}, com vencimento em ${formatDate(dueDate)}; o plano começa quando o pagamento for confirmado.`,
};
