import { isValidCnpj, normalizeCnpj } from '@clube/documents/cnpj';
import type { Laboratory } from '../documents';
import { badRequest } from '../../../http/app-error';

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * The CNPJ's check digits, numeric or alphanumeric (IN RFB 2.229/2024): the one rule the API and the
 * frontends share (@clube/documents), so a typo is caught before it is stored.
 */
export { isValidCnpj };

/**
 * What the admin's search looks for in the laboratories' CNPJs, or null when the term cannot be
 * one: only CNPJ characters (and its mask), at least one digit (a name has none).
 */
export function cnpjSearchKey(term: string): string | null {
  if (!/^[0-9A-Za-z./-]+$/.test(term) || !/\d/.test(term)) return null;
  return normalizeCnpj(term);
}

/** Stores the CNPJ upper case without punctuation, phone and CEP as digits only; the pages format them. */
export function normalizeLaboratory(laboratory: Laboratory): Laboratory {
  if (!isValidCnpj(laboratory.cnpj)) throw badRequest('CNPJ inválido. Confira os números e as letras digitados.', 'INVALID_CNPJ');
  const phone = digits(laboratory.phone);
  if (phone.length < 10 || phone.length > 13) {
    throw badRequest('Telefone inválido. Informe o DDD e o número.', 'INVALID_PHONE');
  }
  const { complement, ...address } = laboratory.address;
  return {
    name: laboratory.name.trim(),
    cnpj: normalizeCnpj(laboratory.cnpj),
    phone,
    address: {
      ...address,
      cep: digits(address.cep),
      street: address.street.trim(),
      number: address.number.trim(),
      district: address.district.trim(),
      city: address.city.trim(),
      ...(complement?.trim() ? { complement: complement.trim() } : {}),
    },
  };
}
