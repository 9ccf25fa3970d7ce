import type { ApiModule } from '../api-module';
import bannersRepository from './banners-repository';
import routes from './routes';

export const bannersModule: ApiModule = {
  name: 'banners',
  repositories: [bannersRepository],
  routes: [{ prefix: '/banners', plugin: routes }],
};
