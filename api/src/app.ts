import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { loadConfig, type Config } from './config';
import authentication, { type AuthRule } from './http/authentication';
import { errorHandler, notFoundHandler } from './http/error-handler';
import healthRoutes from './http/health-routes';
import authHooks from './http/route-auth';
import { buildSerializer } from './http/serialization';
import { validatorCompiler } from './http/validation';
import { MODULES } from './modules/modules';
import clock from './plugins/clock';
import cors from './plugins/cors';
import fileStorage from './plugins/file-storage/file-storage-plugin';
import firebase from './plugins/firebase';
import helmet from './plugins/helmet';
import paymentGateway from './plugins/payment-gateway/payment-gateway-plugin';
import rateLimit from './plugins/rate-limit';
import responseCache from './plugins/response-cache';
import store from './plugins/store';
import swagger from './plugins/swagger';
import type { StoreDb } from './store/store';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Every /v1 route with its auth rule, filled as the modules' routes load (tests check each has a matrix row). */
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
  /** Another app's open store: two app instances on one database, as two API processes (tests). */
  sharedStore?: StoreDb;
}

export type App = FastifyInstance;

/** Fastify's request log fields, with the secret segment of the API Pix callback URL hidden. */
function requestForLogs(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/(\/webhooks\/pix-api\/)[^/?]+/, '$1…'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Builds the API without listening: the external services (plugins/), then every module's
 * decorators (repositories first, then use cases and jobs: modules/modules.ts), then the
 * modules' routes under /v1. Tests, the server and the seed all start here.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<App> {
  const config = options.config ?? loadConfig();
  const logger = options.logger ?? { level: config.logLevel };
  const app = Fastify({
    // The API Pix callback URL's last segment is a secret: never in a log line.
    logger: typeof logger === 'object' ? { ...logger, serializers: { req: requestForLogs, ...logger.serializers } } : logger,
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { maxParamLength: 200 },
    // Each response schema compiled once, not once per route and status (http/serialization.ts).
    schemaController: { compilersFactory: { buildSerializer } },
    // Only the configured proxies (hops or addresses) may name the client in X-Forwarded-For.
    trustProxy: trustProxyOption(config),
    return503OnClosing: true,
    // On a database server, the store plugin creates every module's indexes before the first request:
    // on a collection that already holds data (or a loaded server: FerretDB in `npm run test:mongo`)
    // that can take longer than Fastify's default 10 s for one plugin.
    ...(config.mongodbUri ? { pluginTimeout: 120_000 } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('apiRoutes', []);
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  try {
    await registerPlugins(app, options);
  } catch (error) {
    // A plugin that cannot start (an unreachable Redis) leaves the ones before it open: close them.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app as unknown as App;
}

async function registerPlugins(app: FastifyInstance, options: BuildAppOptions): Promise<void> {
  // In this order: their onRequest hooks run on every request as CORS, security headers, rate limit.
  await app.register(cors);
  await app.register(firebase);
  await app.register(helmet);
  // The store creates every module's indexes before the first request.
  await app.register(store, { indexes: MODULES.flatMap((module) => module.indexes), shared: options.sharedStore });
  await app.register(rateLimit);
  await app.register(swagger);
  await app.register(clock, { now: options.now, adjustable: app.config.nodeEnv !== 'production' });
  // Catalogue reads keep their serialized answers; the catalogue's repositories bump it on every write.
  await app.register(responseCache);
  await app.register(fileStorage);
  await app.register(paymentGateway);

  for (const module of MODULES) for (const plugin of module.repositories) await app.register(plugin);
  await app.register(authentication);
  for (const module of MODULES) for (const plugin of module.services ?? []) await app.register(plugin);

  await app.register(
    async (api) => {
      // Every route says who may call it (config.auth); these hooks enforce it.
      await authHooks(api);
      await api.register(healthRoutes, { prefix: '/health' });
      for (const module of MODULES) for (const [prefix, plugin] of Object.entries(module.routes)) await api.register(plugin, { prefix });
    },
    { prefix: '/v1' },
  );
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
