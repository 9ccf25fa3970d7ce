import { ASSESSMENTS_COLLECTIONS } from '../../src/modules/assessments/collections';
import { AUTHORIZATIONS_COLLECTIONS } from '../../src/modules/authorizations/collections';
import { BANNERS_COLLECTIONS } from '../../src/modules/banners/collections';
import { BILLING_COLLECTIONS } from '../../src/modules/billing/collections';
import { CATALOGUE_COLLECTIONS } from '../../src/modules/catalogue/collections';
import { COMPETENCE_COLLECTIONS } from '../../src/modules/competence/collections';
import { ENTITLEMENTS_COLLECTIONS } from '../../src/modules/entitlements/collections';
import { JOBS_COLLECTIONS } from '../../src/modules/jobs/collections';
import { MAIL_COLLECTIONS } from '../../src/modules/mail/collections';
import { MEDIA_COLLECTIONS } from '../../src/modules/media/collections';
import { PLANS_COLLECTIONS } from '../../src/modules/plans/collections';
import { PROGRESS_COLLECTIONS } from '../../src/modules/progress/collections';
import { REVISIONS_COLLECTIONS } from '../../src/modules/revisions/collections';
import { SUGGESTIONS_COLLECTIONS } from '../../src/modules/suggestions/collections';
import { TEAM_COLLECTIONS } from '../../src/modules/team/collections';
import { USERS_COLLECTIONS } from '../../src/modules/users/collections';

/**
 * Every collection of the API by name, from each module's own list: tests read and write the
 * store directly to set up and to check what a request changed (the API itself never does this
 * outside the owning module's repositories).
 */
export const COLLECTIONS = {
  ...USERS_COLLECTIONS,
  ...PLANS_COLLECTIONS,
  ...BILLING_COLLECTIONS,
  ...CATALOGUE_COLLECTIONS,
  ...ENTITLEMENTS_COLLECTIONS,
  ...PROGRESS_COLLECTIONS,
  ...TEAM_COLLECTIONS,
  ...BANNERS_COLLECTIONS,
  ...SUGGESTIONS_COLLECTIONS,
  ...JOBS_COLLECTIONS,
  ...MAIL_COLLECTIONS,
  ...AUTHORIZATIONS_COLLECTIONS,
  ...COMPETENCE_COLLECTIONS,
  ...REVISIONS_COLLECTIONS,
  ...ASSESSMENTS_COLLECTIONS,
  ...MEDIA_COLLECTIONS,
} as const;
