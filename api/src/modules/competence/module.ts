import type { ApiModule } from '../api-module';
import { COMPETENCE_COLLECTIONS, COMPETENCE_INDEXES } from './collections';
import completionsRepository, { type CompletionsRepository } from './completions-repository';
import functionsRepository, { type FunctionsRepository } from './functions-repository';

/** What the competence module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    functionsRepository: FunctionsRepository;
    completionsRepository: CompletionsRepository;
  }
}

export const competenceModule: ApiModule = {
  name: 'competence',
  collections: COMPETENCE_COLLECTIONS,
  indexes: COMPETENCE_INDEXES,
  repositories: [functionsRepository, completionsRepository],
  routes: {},
};
