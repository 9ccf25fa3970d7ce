import * as z from 'zod/mini';

/** The slug format the API's schema accepts (a-z, 0-9, single hyphens); what it derives from a title comes from the API (api/get-slug-preview.ts). */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The fields every catalogue editor has (title, slug, category, access, cost, publication). */
export const catalogueShape = {
  title: z.string().check(z.trim(), z.minLength(3, 'Informe um título com pelo menos 3 letras.'), z.maxLength(160, 'Use até 160 caracteres.')),
  slug: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Informe o endereço (slug).'),
      z.maxLength(100, 'Use até 100 caracteres.'),
      z.regex(SLUG_PATTERN, 'Use só letras minúsculas sem acento, números e hífens entre as palavras (ex.: coleta-de-sangue).'),
    ),
  categoryId: z.string().check(z.minLength(1, 'Escolha uma categoria.')),
  access: z.enum(['FREE', 'SUBSCRIBERS', 'CREDITS']),
  creditCost: z.string().check(z.trim()),
  status: z.enum(['DRAFT', 'PUBLISHED', 'SCHEDULED']),
  publishAt: z.string(),
};

interface CommonValues {
  access: 'FREE' | 'SUBSCRIBERS' | 'CREDITS';
  creditCost: string;
  status: 'DRAFT' | 'PUBLISHED' | 'SCHEDULED';
  publishAt: string;
}

/** Cross-field rules: a cost only (and always) for CREDITS; a schedule needs a future date. */
export const catalogueChecks = [
  z.refine<CommonValues>((values) => values.access !== 'CREDITS' || (/^\d+$/.test(values.creditCost) && Number(values.creditCost) >= 1 && Number(values.creditCost) <= 1000), {
    message: 'Informe o custo: um número inteiro de 1 a 1.000 créditos.',
    path: ['creditCost'],
  }),
  z.refine<CommonValues>((values) => values.status !== 'SCHEDULED' || values.publishAt !== '', { message: 'Escolha a data e a hora da publicação.', path: ['publishAt'] }),
  z.refine<CommonValues>((values) => values.status !== 'SCHEDULED' || values.publishAt === '' || new Date(values.publishAt) > new Date(), {
    message: 'O agendamento precisa ser no futuro. Para publicar agora, escolha "Publicado".',
    path: ['publishAt'],
  }),
] as const;

/** The API's codes that name one of these fields. */
export const CATALOGUE_ERROR_FIELDS = {
  SLUG_TAKEN: 'slug',
  CATEGORY_NOT_FOUND: 'categoryId',
  CREDIT_COST_REQUIRED: 'creditCost',
  CREDIT_COST_NOT_ALLOWED: 'creditCost',
} as const;

/** The API's field names that are also the form's. */
export const CATALOGUE_FIELDS = ['title', 'slug', 'categoryId', 'access', 'creditCost'] as const;
