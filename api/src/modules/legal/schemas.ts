import { Type, type Static } from 'typebox';
import { LEGAL_DOCUMENTS } from './documents';

const Slug = Type.Enum(LEGAL_DOCUMENTS.map((document) => document.slug), { description: 'termos-de-uso ou politica-de-privacidade' });

export const CompanySchema = Type.Object(
  {
    name: Type.String({ description: 'Razão social' }),
    cnpj: Type.String({ description: 'CNPJ como se lê (12.345.678/0001-95)' }),
    address: Type.String({ description: 'Endereço completo, numa linha' }),
    email: Type.String({ description: 'E-mail de contato' }),
    phone: Type.Union([Type.String(), Type.Null()], { description: 'Telefone de contato, se houver' }),
  },
  { description: 'Quem vende (Decreto 7.962/2013, art. 2º): configurado por COMPANY_NAME, COMPANY_CNPJ, COMPANY_ADDRESS, COMPANY_EMAIL, COMPANY_PHONE' },
);

export const LegalDocumentSummarySchema = Type.Object({
  kind: Type.Enum(LEGAL_DOCUMENTS.map((document) => document.kind), { description: 'TERMS: termos de uso; PRIVACY: política de privacidade' }),
  slug: Slug,
  title: Type.String(),
  version: Type.String({ description: 'A versão que se aceita hoje' }),
  publishedAt: Type.String({ description: 'AAAA-MM-DD em que esta versão passou a valer' }),
});

export const LegalSchema = Type.Object(
  {
    company: CompanySchema,
    documents: Type.Array(LegalDocumentSummarySchema),
  },
  { description: 'O que o rodapé de toda página mostra: a empresa e os documentos que se aceitam ao criar a conta' },
);
export type LegalResponse = Static<typeof LegalSchema>;

export const LegalDocumentSchema = Type.Object(
  {
    ...LegalDocumentSummarySchema.properties,
    body: Type.String({ description: 'O texto em Markdown, com os dados da empresa' }),
  },
  { description: 'Um documento legal, para a página que o mostra' },
);

export const LegalSlugParams = Type.Object({ slug: Slug }, { additionalProperties: false });
