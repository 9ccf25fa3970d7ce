import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CompanyConfig } from '../../config';
import { formatCnpj } from '../../http/format';
import { LEGAL_DOCUMENTS, type LegalDocumentInfo, type LegalDocumentSlug } from './documents';

/** A document and its Markdown, with the company's name, CNPJ, address and contact filled in. */
export type LegalText = LegalDocumentInfo & { body: string };

/** Who runs the club and the documents people accept, as the footer, the legal pages and receipts show them. */
export interface LegalService {
  company: CompanyConfig;
  /** Every document (version and date, no text). */
  documents: readonly LegalDocumentInfo[];
  /** One document with its text; undefined for a slug that is not one. */
  text(slug: string): LegalText | undefined;
}

const TEXTS_DIR = path.join(__dirname, 'texts');

/** The text's `{{…}}` places, filled from the company settings (COMPANY_* variables). */
export function fillCompany(template: string, company: CompanyConfig): string {
  const values: Record<string, string> = {
    empresa: company.name,
    cnpj: formatCnpj(company.cnpj),
    endereco: company.address,
    email: company.email,
    telefone: company.phone ? ` ou pelo telefone ${company.phone}` : '',
  };
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Reads the texts once at start (texts/<slug>.md) and fills them with the company's data. */
export default fp(
  async function legalService(fastify: FastifyInstance) {
    const { company } = fastify.config;
    const texts = new Map<string, LegalText>();
    for (const document of LEGAL_DOCUMENTS) {
      const template = await readFile(path.join(TEXTS_DIR, `${document.slug}.md`), 'utf8');
      texts.set(document.slug, { ...document, body: fillCompany(template, company) });
    }
    const service: LegalService = {
      company,
      documents: LEGAL_DOCUMENTS,
      text: (slug) => texts.get(slug as LegalDocumentSlug),
    };
    fastify.decorate('legal', service);
  },
  { name: 'legal' },
);
