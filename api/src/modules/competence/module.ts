import type { ApiModule } from '../api-module';
import { COMPETENCE_COLLECTIONS, COMPETENCE_INDEXES } from './collections';
import competenceService, { type Competence } from './competence-service';
import completionsRepository, { type CompletionsRepository } from './completions-repository';
import exportsRepository, { type ExportsRepository } from './exports-repository';
import functionsRepository, { type FunctionsRepository } from './functions-repository';
import remindersJob, { type CompetenceReminders } from './reminders-job';
import { competenceRoutes, trailRoutes } from './routes';

/** What the competence module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    functionsRepository: FunctionsRepository;
    completionsRepository: CompletionsRepository;
    competence: Competence;
    exportsRepository: ExportsRepository;
    competenceReminders: CompetenceReminders;
  }
}

export const competenceModule: ApiModule = {
  name: 'competence',
  collections: COMPETENCE_COLLECTIONS,
  indexes: COMPETENCE_INDEXES,
  repositories: [functionsRepository, completionsRepository, exportsRepository],
  services: [competenceService, remindersJob],
  routes: { '/competence': competenceRoutes, '/me/trail': trailRoutes },
};
