import { addDays } from './calendar';

type RetryPolicy = 'NAO_PERMITE' | 'PERMITE_3R_7D';
/** The shapes of the payment port (plugins/payment-gateway/gateway.ts) these rules read, structurally. */
interface ChargeAttempts {
  dueDate: string;
  retryPolicy: RetryPolicy | null;
  attempts: { status: string }[];
}
interface RecurrenceEnd {
  status: string;
  ended: { by: string | null } | null;
}

/**
 * Pix Automático's rules the club applies (API Pix 2.9.0 and the Central Bank's Pix Automático
 * rules): every recurrence allows retries (`PERMITE_3R_7D`: up to 3, within 7 days after the due
 * date), each tried the day after a failure; a recurrence's amount cannot be revised (`PATCH /rec`
 * takes only the status, the debtor's name, the location, the start date and the activation), so a
 * plan change cancels it and the member authorizes again.
 */
export const RETRY_POLICY: RetryPolicy = 'PERMITE_3R_7D';
export const MAX_RETRIES = 3;
export const RETRY_WINDOW_DAYS = 7;

const day = (at: Date) => at.toISOString().slice(0, 10);

/** A CPF has 11 digits; a CNPJ 14 letters or digits (alphanumeric since July 2026). */
export function debtorOf(payer: { document: string; name: string }): { cpf: string; name: string } | { cnpj: string; name: string } {
  return payer.document.length === 11 ? { cpf: payer.document, name: payer.name } : { cnpj: payer.document, name: payer.name };
}

/** The next retry of a failed debit: the day after today, within 7 days after the due date; null when none is left. */
export function nextRetryDate(charge: ChargeAttempts, now: Date): string | null {
  if (charge.retryPolicy !== 'PERMITE_3R_7D' || charge.attempts.length - 1 >= MAX_RETRIES) return null;
  const due = new Date(`${charge.dueDate}T00:00:00.000Z`);
  const tomorrow = day(addDays(now, 1));
  const earliest = day(addDays(due, 1));
  const date = tomorrow > earliest ? tomorrow : earliest;
  return date <= day(addDays(due, RETRY_WINDOW_DAYS)) ? date : null;
}

/** Why a recurrence ended, in words a member understands (null while it is asked for or authorized). */
export function recurrenceEndedReason(reading: RecurrenceEnd): string | null {
  switch (reading.status) {
    case 'REJEITADA':
      return 'Você não autorizou o Pix Automático no seu banco. Os próximos ciclos serão cobrados por PIX comum.';
    case 'EXPIRADA':
      return 'A autorização do Pix Automático expirou sem resposta do seu banco. Os próximos ciclos serão cobrados por PIX comum.';
    case 'CANCELADA':
      return reading.ended?.by === 'USUARIO_PAGADOR' || reading.ended?.by === 'PSP_PAGADOR'
        ? 'Você cancelou o Pix Automático no seu banco. Os próximos ciclos serão cobrados por PIX comum.'
        : 'O Pix Automático foi cancelado. Os próximos ciclos serão cobrados por PIX comum.';
    default:
      return null;
  }
}

/** A failed debit in plain words, with what happens next. */
export function debitFailureMessage(charge: { status: string; lastFailure: string | null; retryOn: string | null }): string | null {
  if (!charge.lastFailure) return null;
  const reason = /saldo/i.test(charge.lastFailure) ? 'saldo insuficiente' : 'recusado pelo seu banco';
  if (charge.retryOn) {
    const [year, month, date] = charge.retryOn.split('-');
    return `O débito não foi feito (${reason}). Vamos tentar de novo em ${date}/${month}/${year}.`;
  }
  return `O débito não foi feito (${reason}) e não haverá nova tentativa. Pague a fatura por PIX para manter o acesso.`;
}
