import { conflict } from '../../../http/app-error';
import { CURRENT_PRIVACY_VERSION, CURRENT_TERMS_VERSION, type LegalConsent } from '../../legal/documents';

/** What a person says they accepted: the versions they read (the pages show them). */
export interface AcceptedVersions {
  termsVersion: string;
  privacyVersion: string;
}

/**
 * The consent to record: only for the versions in force now, so the record always names a text
 * that exists. Accepting an older version (a page open since before a change) is a 409 that says
 * to read the new one.
 */
export function consentFor(accepted: AcceptedVersions, at: Date): LegalConsent {
  if (accepted.termsVersion !== CURRENT_TERMS_VERSION || accepted.privacyVersion !== CURRENT_PRIVACY_VERSION) {
    throw conflict(
      'Os termos de uso ou a política de privacidade mudaram enquanto a página estava aberta. Leia a versão atual e aceite de novo.',
      'LEGAL_VERSION_OUTDATED',
    );
  }
  return { termsVersion: accepted.termsVersion, privacyVersion: accepted.privacyVersion, acceptedAt: at };
}

/** Whether a recorded consent covers the documents in force now. */
export const isCurrentConsent = (consent: Pick<LegalConsent, 'termsVersion' | 'privacyVersion'>) =>
  consent.termsVersion === CURRENT_TERMS_VERSION && consent.privacyVersion === CURRENT_PRIVACY_VERSION;
