/**
 * The documents a person agrees to when creating an account (LGPD, Código de Defesa do
 * Consumidor): their texts are in texts/, the version and date here. A new version of a text
 * changes `version` and `publishedAt`: consents recorded for an older one are then out of date.
 */
export const LEGAL_DOCUMENTS = [
  { kind: 'TERMS', slug: 'termos-de-uso', title: 'Termos de uso', version: '1', publishedAt: '2026-11-23' },
  { kind: 'PRIVACY', slug: 'politica-de-privacidade', title: 'Política de privacidade', version: '1', publishedAt: '2026-11-23' },
] as const;

export type LegalDocumentInfo = (typeof LEGAL_DOCUMENTS)[number];
export type LegalDocumentKind = LegalDocumentInfo['kind'];
export type LegalDocumentSlug = LegalDocumentInfo['slug'];
export const LEGAL_SLUGS = LEGAL_DOCUMENTS.map((document) => document.slug);

/** The versions a person accepts now. */
export const CURRENT_TERMS_VERSION: string = LEGAL_DOCUMENTS[0].version;
export const CURRENT_PRIVACY_VERSION: string = LEGAL_DOCUMENTS[1].version;

/** What a person accepted, and when (kept on their profile by the users module). */
export interface LegalConsent {
  termsVersion: string;
  privacyVersion: string;
  acceptedAt: Date;
}
