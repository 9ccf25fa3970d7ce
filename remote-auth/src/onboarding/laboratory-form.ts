import type { Laboratory } from '@clube/platform';
import type { FieldErrors } from '../shared/validation';
import type { LaboratoryBody } from './api/complete-onboarding';
import { isBrazilianState, type BrazilianState } from './brazilian-states';
import { isValidCnpj } from './cnpj';
import { maskCep, maskCnpj, maskPhone, onlyDigits } from './masks';

export type LaboratoryField = 'name' | 'cnpj' | 'phone' | 'cep' | 'street' | 'number' | 'complement' | 'district' | 'city' | 'state';
export type LaboratoryValues = Record<LaboratoryField, string>;

/** The API's length limits (api/src/schemas/users.ts), so nothing typed is refused on save. */
export const MAX_LENGTH = { name: 200, street: 200, number: 20, complement: 120, district: 120, city: 120 } as const;

/** The form's starting values: what the profile already holds, if anything. */
export function initialValues(laboratory?: Laboratory | null): LaboratoryValues {
  const address = laboratory?.address;
  return {
    name: laboratory?.name ?? '',
    cnpj: maskCnpj(laboratory?.cnpj ?? ''),
    phone: maskPhone(laboratory?.phone ?? ''),
    cep: maskCep(address?.cep ?? ''),
    street: address?.street ?? '',
    number: address?.number ?? '',
    complement: address?.complement ?? '',
    district: address?.district ?? '',
    city: address?.city ?? '',
    state: address && isBrazilianState(address.state) ? address.state : '',
  };
}

export function cnpjError(cnpj: string): string | undefined {
  const digits = onlyDigits(cnpj, 14);
  if (!digits) return 'Informe o CNPJ do laboratório.';
  if (digits.length < 14) return 'O CNPJ tem 14 dígitos.';
  return isValidCnpj(cnpj) ? undefined : 'Esse CNPJ não é válido. Confira os números.';
}

const required = (value: string, message: string) => (value.trim() ? undefined : message);

export function validateLaboratory(values: LaboratoryValues): FieldErrors<LaboratoryField> {
  const phoneDigits = onlyDigits(values.phone, 11).length;
  return {
    name: required(values.name, 'Informe o nome do laboratório.'),
    cnpj: cnpjError(values.cnpj),
    phone: phoneDigits === 10 || phoneDigits === 11 ? undefined : 'Informe o telefone com DDD, como (11) 3456-7890.',
    cep: onlyDigits(values.cep, 8).length === 8 ? undefined : 'Informe o CEP com 8 dígitos.',
    street: required(values.street, 'Informe a rua.'),
    number: required(values.number, 'Informe o número (ou S/N).'),
    district: required(values.district, 'Informe o bairro.'),
    city: required(values.city, 'Informe a cidade.'),
    state: isBrazilianState(values.state) ? undefined : 'Selecione o estado.',
  };
}

/** The body the API expects: trimmed, masks kept (the API accepts them), no empty complement. */
export function toLaboratory(values: LaboratoryValues): LaboratoryBody {
  const complement = values.complement.trim();
  return {
    name: values.name.trim(),
    cnpj: maskCnpj(values.cnpj),
    phone: maskPhone(values.phone),
    address: {
      cep: maskCep(values.cep),
      street: values.street.trim(),
      number: values.number.trim(),
      ...(complement ? { complement } : {}),
      district: values.district.trim(),
      city: values.city.trim(),
      state: values.state as BrazilianState, // checked by validateLaboratory before saving
    },
  };
}
