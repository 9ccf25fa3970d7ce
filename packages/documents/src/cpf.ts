import { isValidCpf as hasValidCheckDigits } from '@brazilian-utils/brazilian-utils/is-valid-cpf';

/** The CPF, in one place for the API and the frontends (the Pix Automático payer, when a person pays). */

/** What is stored: the 11 digits, without dots, hyphen or spaces. */
export function normalizeCpf(value: string): string {
  return value.replace(/\D/g, '');
}

/** Check digits (the Receita's mod-11 rule), masked or not. */
export function isValidCpf(value: string): boolean {
  return /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value.trim()) && hasValidCheckDigits(normalizeCpf(value));
}
