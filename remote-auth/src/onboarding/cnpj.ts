const FIRST_DIGIT_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_DIGIT_WEIGHTS = [6, ...FIRST_DIGIT_WEIGHTS];

function checkDigit(digits: number[], weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * The Receita Federal's mod-11 check of a numeric CNPJ, with or without the mask. Numbers made of
 * one repeated digit pass the arithmetic but are not real CNPJs, so they are refused.
 */
export function isValidCnpj(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 14 || /^(\d)\1{13}$/.test(digits)) return false;
  if (/[^\d./\-\s]/.test(value)) return false;
  const numbers = [...digits].map(Number);
  const first = checkDigit(numbers, FIRST_DIGIT_WEIGHTS);
  const second = checkDigit(numbers, SECOND_DIGIT_WEIGHTS);
  return numbers[12] === first && numbers[13] === second;
}
