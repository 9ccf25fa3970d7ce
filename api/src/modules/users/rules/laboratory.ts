import type { Laboratory } from '../documents';
import { badRequest } from '../../../http/app-error';

const digits = (text: string) => text.replace(/\D/g, '');

/** CNPJ check digits (mod 11), so a typo is caught before it is stored. */
export function isValidCnpj(value: string): boolean {
  const cnpj = digits(value);
  if (cnpj.length !== 14 || /^(\d)\1{13}$/.test(cnpj)) return false;
  const checkDigit = (base: string) => {
    let weight = base.length - 7;
    let sum = 0;
    for (const char of base) {
      sum += Number(char) * weight;
      weight = weight === 2 ? 9 : weight - 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = checkDigit(cnpj.slice(0, 12));
  const second = checkDigit(cnpj.slice(0, 12) + String(first));
  return cnpj.endsWith(`${first}${second}`);
}

/** Stores CNPJ, phone and CEP as digits only; the pages format them. */
export function normalizeLaboratory(laboratory: Laboratory): Laboratory {
  if (!isValidCnpj(laboratory.cnpj)) throw badRequest('CNPJ inválido. Confira os números digitados.', 'INVALID_CNPJ');
  const phone = digits(laboratory.phone);
  if (phone.length < 10 || phone.length > 13) {
    throw badRequest('Telefone inválido. Informe o DDD e o número.', 'INVALID_PHONE');
  }
  const { complement, ...address } = laboratory.address;
  return {
    name: laboratory.name.trim(),
    cnpj: digits(laboratory.cnpj),
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
