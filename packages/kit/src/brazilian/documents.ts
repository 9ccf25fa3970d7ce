import { isValidCnpj, normalizeCnpj } from '@clube/documents/cnpj';
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import * as z from 'zod/mini';
import { onlyDigits } from './masks';

// Each check gives one message at a time, the first that applies, as a person would fix them.

/**
 * The CNPJ's problem, if any: missing, too short, or wrong check digits. Numeric or alphanumeric
 * (letters in the first twelve places since July 2026): the check is @clube/documents', the API's too.
 */
export function cnpjProblem(value: string): string | undefined {
  const characters = normalizeCnpj(value);
  if (!characters) return 'Informe o CNPJ do laboratório.';
  if (characters.length < 14) return 'O CNPJ tem 14 caracteres.';
  return isValidCnpj(value) ? undefined : 'Esse CNPJ não é válido. Confira os números e as letras.';
}

export function cpfProblem(value: string): string | undefined {
  const digits = onlyDigits(value);
  if (!digits) return 'Informe o CPF.';
  if (digits.length < 11) return 'O CPF tem 11 dígitos.';
  return isValidCpf(value) ? undefined : 'Esse CPF não é válido. Confira os números.';
}

/** A landline or mobile number with its DDD (Anatel's numbering: a landline starts with 2–5, a mobile with 6–9). */
export function phoneProblem(value: string): string | undefined {
  return isValidPhone(value) ? undefined : 'Informe o telefone com DDD, como (11) 3456-7890.';
}

export function cepProblem(value: string): string | undefined {
  return onlyDigits(value).length === 8 ? undefined : 'Informe o CEP com 8 dígitos.';
}

/** A zod string checked by one of the functions above. */
const checkedBy = (problem: (value: string) => string | undefined) =>
  z.string().check(
    z.superRefine((value, context) => {
      const message = problem(value);
      if (message) context.issues.push({ code: 'custom', message, input: value });
    }),
  );

export const cnpjSchema = checkedBy(cnpjProblem);
export const cpfSchema = checkedBy(cpfProblem);
export const phoneSchema = checkedBy(phoneProblem);
export const cepSchema = checkedBy(cepProblem);
