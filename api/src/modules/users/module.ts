import type { ApiModule } from '../api-module';
import { USERS_COLLECTIONS, USERS_INDEXES } from './collections';
import routes from './routes';
import usersRepository, { type UsersRepository } from './users-repository';

/** What the users module adds to the app (its decorators: named operations other modules may call). */
declare module 'fastify' {
  interface FastifyInstance {
    usersRepository: UsersRepository;
  }
}

export const usersModule: ApiModule = {
  name: 'users',
  collections: USERS_COLLECTIONS,
  indexes: USERS_INDEXES,
  repositories: [usersRepository],
  routes: { '/users': routes },
};
