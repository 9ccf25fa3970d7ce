import type { Laboratory } from '@clube/platform';
import * as z from 'zod/mini';
import { isBrazilianState, type BrazilianState } from '../brazilian/brazilian-states';
import { cepSchema, cnpjSchema, phoneSchema } from '../brazilian/documents';
import { formatCep, formatCnpj, formatPhone } from '../brazilian/masks';

/** The API's length limits (api/src/modules/users/schemas.ts), so nothing typed is refused on save. */
export const MAX_LENGTH = { name: 200, street: 200, number: 20, complement: 120, district: 120, city: 120 } as const;

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/**
 * The laboratory as typed (masks on) → the body the API expects: trimmed, masks kept (the API
 * accepts them), no empty complement.
 */
export const laboratorySchema = z.pipe(
  z.object({
    name: required('Informe o nome do laboratório.'),
    cnpj: cnpjSchema,
    phone: phoneSchema,
    cep: cepSchema,
    street: required('Informe a rua.'),
    number: required('Informe o número (ou S/N).'),
    complement: z.string().check(z.trim()),
    district: required('Informe o bairro.'),
    city: required('Informe a cidade.'),
    state: z.string().check(z.refine(isBrazilianState, 'Selecione o estado.')),
  }),
  z.transform(
    (values): Laboratory => ({
      name: values.name,
      cnpj: formatCnpj(values.cnpj),
      phone: formatPhone(values.phone),
      address: {
        cep: formatCep(values.cep),
        street: values.street,
        number: values.number,
        ...(values.complement ? { complement: values.complement } : {}),
        district: values.district,
        city: values.city,
        state: values.state as BrazilianState, // checked by the refine above; a refine does not narrow
      },
    }),
  ),
);

export type LaboratoryValues = z.input<typeof laboratorySchema>;

/** The form's starting values: what the profile already holds, if anything. */
export function laboratoryValues(laboratory?: Laboratory | null): LaboratoryValues {
  const address = laboratory?.address;
  return {
    name: laboratory?.name ?? '',
    cnpj: formatCnpj(laboratory?.cnpj ?? ''),
    phone: formatPhone(laboratory?.phone ?? ''),
    cep: formatCep(address?.cep ?? ''),
    street: address?.street ?? '',
    number: address?.number ?? '',
    complement: address?.complement ?? '',
    district: address?.district ?? '',
    city: address?.city ?? '',
    state: address && isBrazilianState(address.state) ? address.state : '',
  };
}
