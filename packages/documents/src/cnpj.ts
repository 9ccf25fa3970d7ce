import { formatCnpj as formatWithMask } from '@brazilian-utils/brazilian-utils/format-cnpj';
import { isValidCnpj as hasValidCheckDigits } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';

/**
 * The CNPJ, in one place for the API and the frontends. Since July 2026 the Receita Federal issues
 * alphanumeric CNPJs (IN RFB 2.229/2024): the first twelve characters may be letters, the last two
 * are check digits computed with each character's ASCII code minus 48 (its example:
 * 12.ABC.345/01DE-35). Numeric CNPJs keep their meaning. The check digits are
 * @brazilian-utils/brazilian-utils' (`version: 2` reads both forms); this file only fixes how the
 * club stores (upper case, no punctuation), shows and accepts one.
 */

const BOTH_FORMS = { version: 2 } as const;

/** What is stored: the 14 characters, upper case, without dots, slash, hyphen or spaces. */
export function normalizeCnpj(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

/** Check digits (the Receita's mod-11 rule) of a numeric or alphanumeric CNPJ, masked or not, any case. */
export function isValidCnpj(value: string): boolean {
  return hasValidCheckDigits(value, BOTH_FORMS);
}

/** `12.ABC.345/01DE-35`, `11.222.333/0001-81`; as far as it goes while typing (`12.AB`); extra characters dropped. */
export function formatCnpj(value: string): string {
  return formatWithMask(normalizeCnpj(value).slice(0, 14), BOTH_FORMS);
}

/** The shape the API accepts (JSON Schema `pattern`): twelve letters or digits and two digits, with or without the mask. */
export const CNPJ_PATTERN = '^[0-9A-Za-z]{2}\\.?[0-9A-Za-z]{3}\\.?[0-9A-Za-z]{3}/?[0-9A-Za-z]{4}-?[0-9]{2}$';
