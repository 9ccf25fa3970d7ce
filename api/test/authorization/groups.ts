import type { MatrixGroup } from './matrix';
import { adminApiGroup } from './rows/admin-api';
import { plansGroup, subscriptionsGroup } from './rows/billing';
import { CATALOGUE_GROUPS } from './rows/catalogue';
import { certificatesGroup } from './rows/certificates';
import { competenceGroup } from './rows/competence';
import { docsGroup } from './rows/docs';
import { healthGroup } from './rows/health';
import { legalGroup } from './rows/legal';
import { mailGroup } from './rows/mail';
import { mediaGroup } from './rows/media';
import { teamGroup } from './rows/team';
import { usersGroup } from './rows/users';

/**
 * Every route of the API, for the authorization matrix and the hostile-input suite.
 * A new feature adds `rows/<feature>.ts` and one entry here; the matrix test fails while any
 * route under routes/ has no row.
 */
export const MATRIX_GROUPS: MatrixGroup[] = [
  healthGroup,
  docsGroup,
  usersGroup,
  plansGroup,
  subscriptionsGroup,
  ...CATALOGUE_GROUPS,
  adminApiGroup,
  // issue 16: laboratory accounts
  certificatesGroup,
  teamGroup,
  // issue 27: what a Brazilian paid site must show
  legalGroup,
  // issue 29: e-mail
  mailGroup,
  // issue 31: the competence dossier (after team: it uses its laboratories)
  competenceGroup,
  // issue 30: videos in HLS
  mediaGroup,
];
