import { formatCnpj as formatCnpjOfTheClub } from '@clube/documents/cnpj';
import { format, type MaskOptions, type Modify, type Track } from '@react-input/mask';

/** The masks here accept digits only, except the CNPJ's first twelve characters. */
const DIGIT = { _: /\d/ };

/** Letters typed in a CNPJ are shown (and kept) in upper case. */
const upperCase: Track = ({ data }) => (data === null ? undefined : data.toUpperCase());

/**
 * CNPJ, `00.000.000/0000-00` or, since July 2026, alphanumeric `12.ABC.345/01DE-35` (IN RFB
 * 2.229/2024): letters or digits in the first twelve places (`_`), digits in the two check digits
 * (`#`). The placeholders are not letters: the mask ignores a typed character equal to one.
 */
export const CNPJ_MASK = { mask: '__.___.___/____-##', replacement: { _: /[0-9A-Z]/i, '#': /\d/ }, track: upperCase } satisfies MaskOptions;
export const CPF_MASK = { mask: '___.___.___-__', replacement: DIGIT } satisfies MaskOptions;
export const CEP_MASK = { mask: '_____-___', replacement: DIGIT } satisfies MaskOptions;

// A landline has 8 digits after the DDD, a mobile 9. Until an 11th digit arrives the landline
// shape is shown, with room for one more digit so the person can keep typing a mobile.
const LANDLINE = '(__) ____-_____';
const MOBILE = '(__) _____-____';

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The phone mask for a number with this many digits so far. */
export const phoneShape = (digits: number) => (digits > 10 ? MOBILE : LANDLINE);

/** Switches between the landline and mobile shapes as digits are typed or deleted. */
const modifyPhone: Modify = ({ inputType, value, data, selectionStart, selectionEnd }) => {
  const next = inputType === 'insert' ? value.slice(0, selectionStart) + data + value.slice(selectionEnd) : value.slice(0, Math.max(0, selectionStart - (selectionStart === selectionEnd ? 1 : 0))) + value.slice(selectionEnd);
  return { mask: phoneShape(onlyDigits(next).length) };
};

export const PHONE_MASK = { mask: LANDLINE, replacement: DIGIT, modify: modifyPhone } satisfies MaskOptions;

/** Formats whatever came (typed, pasted, from the API) as far as it goes: `11.222`, `11.222.333/0001-81`, `12.ABC.345/01DE-35` (@clube/documents). */
export const formatCnpj = formatCnpjOfTheClub;
export const formatCpf = (value: string) => format(onlyDigits(value).slice(0, 11), CPF_MASK);
export const formatCep = (value: string) => format(onlyDigits(value).slice(0, 8), CEP_MASK);
/** `(11) 3456-7890` for landlines, `(11) 98765-4321` for mobiles. */
export function formatPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, 11);
  return format(digits, { mask: phoneShape(digits.length), replacement: DIGIT });
}
