import type { ApiModule } from '../api-module';
import routes from './routes';
import usersRepository from './users-repository';

export const usersModule: ApiModule = {
  name: 'users',
  repositories: [usersRepository],
  routes: [{ prefix: '/users', plugin: routes }],
};
