import path from 'node:path';
import AutoLoad from '@fastify/autoload';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { loadConfig, type Config } from './config';
import { errorHandler, notFoundHandler } from './errors/error-handler';
import type { AuthRule } from './plugins/app/authentication';
import { validatorCompiler } from './validation';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Every /v1 route with its auth rule, filled as routes/ loads (tests check each has a matrix row). */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  auth: AuthRule;
}

export interface BuildAppOptions {
  /** Defaults to the environment (loadConfig()). */
  config?: Config;
  /** Time source for every timestamp the API writes. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

export type App = FastifyInstance;

/**
 * Builds the API without listening: plugins/external (infrastructure), plugins/app
 * (repositories and services), then routes/ under /v1. Tests, the server and the seed all
 * start here.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<App> {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { maxParamLength: 200 },
    // Only the configured proxies (hops or addresses) may name the client in X-Forwarded-For.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('apiRoutes', []);
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  await app.register(AutoLoad, { dir: path.join(__dirname, 'plugins', 'external') });
  await app.register(AutoLoad, { dir: path.join(__dirname, 'plugins', 'app'), options: { now: options.now } });
  await app.register(AutoLoad, {
    dir: path.join(__dirname, 'routes'),
    options: { prefix: '/v1' },
    autoHooks: true,
    cascadeHooks: true,
  });

  return app as unknown as App;
}

/** Trust the nearest `hops` proxies (what Fastify does for a number; its types only take a function). */
function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
