import { randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is hard to get wrong. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 10;

/** A new random code (50 bits; the unique index catches the improbable repeat). */
export function newCertificateCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * What a person typed or scanned, as stored: upper case, hyphens and spaces dropped, and the
 * letters Crockford reads as digits (I and L → 1, O → 0). Null when it cannot be a code.
 */
export function normalizeCertificateCode(input: string): string | null {
  const code = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return code.length === CODE_LENGTH && [...code].every((char) => CODE_ALPHABET.includes(char)) ? code : null;
}

/**
 * Workload in hours with one decimal, as a certificate states it; a video shorter than six
 * minutes still counts 0.1 h (a certificate never says "0,0 h").
 */
export function certificateHours(durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  return Math.max(0.1, Math.round(durationSeconds / 360) / 10);
}
