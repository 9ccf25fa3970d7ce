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
    trustProxy: trustProxyOption(config),
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

/**
 * Fastify's `trustProxy` from TRUST_PROXY, in every mode alike (production included): nobody by
 * default, else the nearest `hops` proxies (a function: Fastify's types take no number) or the
 * listed proxy addresses.
 */
export function trustProxyOption(config: Pick<Config, 'trustProxy'>): boolean | string[] | ((address: string, hop: number) => boolean) {
  const { trustProxy } = config;
  if (typeof trustProxy === 'number') return (_address: string, hop: number) => hop < trustProxy;
  return trustProxy;
}
