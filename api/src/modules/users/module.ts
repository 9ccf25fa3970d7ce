import type { ApiModule } from '../api-module';
import { USERS_COLLECTIONS, USERS_INDEXES } from './collections';
import routes from './routes';
import usersRepository from './users-repository';

export const usersModule: ApiModule = {
  name: 'users',
  collections: USERS_COLLECTIONS,
  indexes: USERS_INDEXES,
  repositories: [usersRepository],
  routes: [{ prefix: '/users', plugin: routes }],
};
