import { adminModule } from './admin/module';
import { assessmentsModule } from './assessments/module';
import { authorizationsModule } from './authorizations/module';
import type { ApiModule } from './api-module';
import { bannersModule } from './banners/module';
import { billingModule } from './billing/module';
import { catalogueModule } from './catalogue/module';
import { competenceModule } from './competence/module';
import { entitlementsModule } from './entitlements/module';
import { filesModule } from './files/module';
import { legalModule } from './legal/module';
import { jobsModule } from './jobs/module';
import { mailModule } from './mail/module';
import { mediaModule } from './media/module';
import { personalDataModule } from './personal-data/module';
import { plansModule } from './plans/module';
import { progressModule } from './progress/module';
import { revisionsModule } from './revisions/module';
import { suggestionsModule } from './suggestions/module';
import { teamModule } from './team/module';
import { usersModule } from './users/module';

/**
 * Every feature of the API. Repositories of all modules are registered first, then the services
 * in this order (a service may use any repository, and the services of the modules above it).
 */
export const MODULES: readonly ApiModule[] = [
  usersModule,
  plansModule,
  filesModule,
  jobsModule,
  mailModule,
  mediaModule,
  catalogueModule,
  billingModule,
  entitlementsModule,
  progressModule,
  teamModule,
  revisionsModule,
  competenceModule,
  assessmentsModule,
  authorizationsModule,
  bannersModule,
  suggestionsModule,
  adminModule,
  personalDataModule,
  legalModule,
];
