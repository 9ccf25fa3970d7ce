import { CNPJ_PATTERN, formatCnpj, isValidCnpj, normalizeCnpj } from '../cnpj';

/**
 * The one CNPJ check of the API and the frontends (issue 25). Since July 2026 the first twelve
 * characters may be letters (IN RFB 2.229/2024); the check digits use each character's ASCII code
 * minus 48 with the same mod-11 weights. The Receita's own example is 12.ABC.345/01DE-35.
 */

/** The Receita Federal's rule, written out here as the oracle the shared check must agree with. */
function rfbCheckDigits(base: string): string {
  const digit = (chars: string) => {
    let weight = chars.length - 7;
    let sum = 0;
    for (const char of chars) {
      sum += (char.charCodeAt(0) - 48) * weight;
      weight = weight === 2 ? 9 : weight - 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  return `${first}${digit(base + first)}`;
}

/** Deterministic bases (a fixed LCG): digits and letters, as new CNPJs are issued. */
function* bases(count: number): Generator<string> {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let seed = 20260701;
  for (let n = 0; n < count; n += 1) {
    let base = '';
    for (let index = 0; index < 12; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      base += alphabet[seed % alphabet.length];
    }
    yield base;
  }
}

describe('CNPJ', () => {
  it('When the Receita Federal example 12.ABC.345/01DE-35 is given masked, bare or in lower case, then it is valid, stored as 12ABC34501DE35 and shown masked', () => {
    for (const typed of ['12.ABC.345/01DE-35', '12ABC34501DE35', '12abc34501de35', ' 12.abc.345/01de-35 ']) {
      expect(isValidCnpj(typed)).toBe(true);
      expect(normalizeCnpj(typed)).toBe('12ABC34501DE35');
      expect(formatCnpj(typed)).toBe('12.ABC.345/01DE-35');
    }
    expect(rfbCheckDigits('12ABC34501DE')).toBe('35');
  });

  it('When 500 alphanumeric bases get the check digits of the Receita rule, then each is valid and any other pair of check digits is not', () => {
    for (const base of bases(500)) {
      const digits = rfbCheckDigits(base);
      expect(isValidCnpj(base + digits)).toBe(true);
      const wrong = `${(Number(digits[0]) + 1) % 10}${digits[1]}`;
      expect(isValidCnpj(base + wrong)).toBe(false);
    }
  });

  it('When a numeric CNPJ is given, then it works as before: valid ones pass, repeated digits and wrong check digits fail', () => {
    for (const valid of ['11.222.333/0001-81', '11222333000181', '33.000.167/0001-01']) expect(isValidCnpj(valid)).toBe(true);
    for (const invalid of ['11.222.333/0001-82', '00.000.000/0000-00', '11111111111111', '11.222.333/0001-8', '']) expect(isValidCnpj(invalid)).toBe(false);
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('When a check digit is a letter, then it is not valid (only the first twelve characters may be letters)', () => {
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
  });

  it('When the API pattern reads a CNPJ, then it takes both forms, masked or not, and refuses other shapes', () => {
    const pattern = new RegExp(CNPJ_PATTERN);
    for (const accepted of ['12.ABC.345/01DE-35', '12ABC34501DE35', '12abc34501de35', '11.222.333/0001-81', '11222333000181']) expect(pattern.test(accepted)).toBe(true);
    for (const refused of ['12.ABC.345/01DE-3A', '12ABC34501DE3', '12-ABC-345-01DE-35', '']) expect(pattern.test(refused)).toBe(false);
  });

  it('When a CNPJ is being typed, then it is formatted as far as it goes', () => {
    expect(formatCnpj('12ab')).toBe('12.AB');
    expect(formatCnpj('11222333000181999')).toBe('11.222.333/0001-81');
  });
});
