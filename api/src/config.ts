import path from 'node:path';

export type NodeEnv = 'development' | 'test' | 'production';

export interface RateLimitConfig {
  /** Writes (POST/PUT/PATCH/DELETE) allowed per client IP in each window. */
  max: number;
  timeWindowMs: number;
}

export interface Config {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** Real MongoDB when set; otherwise the embedded store. */
  mongodbUri: string | undefined;
  mongodbDb: string;
  /** Where the embedded store keeps its files; undefined keeps data in memory only. */
  dataDir: string | undefined;
  firebaseProjectId: string;
  /** firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST itself; kept here to validate and log it. */
  authEmulatorHost: string | undefined;
  corsOrigins: string[];
  bodyLimitBytes: number;
  rateLimit: RateLimitConfig;
  logLevel: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const DEFAULT_CORS_ORIGINS = [8080, 8081, 8082, 8083, 8084].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export interface LoadConfigOptions {
  /** Used when DATA_DIR is unset (`npm start` keeps data under `.data/`; tests pass nothing). */
  defaultDataDir?: string;
}

/** Reads and validates the environment once; throws ConfigError with a Portuguese reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): Config {
  const nodeEnv = parseNodeEnv(env.NODE_ENV);
  const mongodbUri = nonEmpty(env.MONGODB_URI);
  const authEmulatorHost = nonEmpty(env.FIREBASE_AUTH_EMULATOR_HOST);

  if (nodeEnv === 'production') {
    if (!mongodbUri) {
      throw new ConfigError(
        'Modo produção (NODE_ENV=production) exige MONGODB_URI: o armazenamento embutido serve só para desenvolvimento e testes.',
      );
    }
    if (authEmulatorHost) {
      throw new ConfigError(
        'Modo produção (NODE_ENV=production) não aceita FIREBASE_AUTH_EMULATOR_HOST: os tokens precisam ser verificados pelo Firebase Auth real.',
      );
    }
  }

  const dataDirRaw = nonEmpty(env.DATA_DIR) ?? options.defaultDataDir;
  const dataDir = dataDirRaw === undefined || dataDirRaw === 'memory' ? undefined : path.resolve(REPO_ROOT, dataDirRaw);

  return {
    nodeEnv,
    host: nonEmpty(env.API_HOST) ?? '0.0.0.0',
    port: parsePort(env.API_PORT, 3000),
    mongodbUri,
    mongodbDb: nonEmpty(env.MONGODB_DB) ?? 'clube',
    dataDir: mongodbUri ? undefined : dataDir,
    firebaseProjectId: nonEmpty(env.FIREBASE_PROJECT_ID) ?? 'demo-clube',
    authEmulatorHost,
    corsOrigins: nonEmpty(env.CORS_ORIGINS)?.split(',').map((origin) => origin.trim()).filter(Boolean) ?? DEFAULT_CORS_ORIGINS,
    bodyLimitBytes: 100 * 1024,
    rateLimit: { max: parsePositiveInt(env.API_WRITE_RATE_LIMIT, 'API_WRITE_RATE_LIMIT', 120), timeWindowMs: 60_000 },
    logLevel: nonEmpty(env.LOG_LEVEL) ?? (nodeEnv === 'test' ? 'silent' : 'info'),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseNodeEnv(value: string | undefined): NodeEnv {
  const env = nonEmpty(value) ?? 'development';
  if (env === 'development' || env === 'test' || env === 'production') return env;
  throw new ConfigError(`NODE_ENV inválido: "${env}". Use development, test ou production.`);
}

function parsePort(value: string | undefined, fallback: number): number {
  if (nonEmpty(value) === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`API_PORT inválida: "${value}". Use um número entre 0 e 65535.`);
  }
  return port;
}

function parsePositiveInt(value: string | undefined, name: string, fallback: number): number {
  if (nonEmpty(value) === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    throw new ConfigError(`${name} inválido: "${value}". Use um número inteiro positivo.`);
  }
  return parsed;
}

/** A complete in-memory configuration for tests and tools; override what matters. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST }),
    rateLimit: { max: 10_000, timeWindowMs: 60_000 },
    ...overrides,
  };
}
