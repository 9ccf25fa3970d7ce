import { randomBytes } from 'node:crypto';
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
  /** Expensive reads (PIX QR code, payment status polling) allowed per member per minute. */
  expensiveReadLimit: number;
  /**
   * Which proxies may set X-Forwarded-For (Fastify `trustProxy`): false (default: the socket
   * address is the client), a number of hops, or proxy addresses/CIDRs. Never "everyone".
   */
  trustProxy: boolean | number | string[];
  logLevel: string;
  /** Where uploaded and demo files live (catalogue issue). */
  storage: StorageConfig;
  /** Signs file URLs (HMAC): members get short-lived links that need no Authorization header. */
  fileUrlSecret: string;
  fileUrlTtlSeconds: number;
  /** Absolute base of the API for file URLs (e.g. https://api.clube.com.br); else the request's own host. */
  publicApiUrl: string | undefined;
  /** Which payment gateway adapter serves billing; only the sandbox exists today. */
  paymentGateway: PaymentGatewayName;
  /** HMAC-SHA256 key of the payment webhook (`x-clube-signature`). */
  webhookSecret: string;
  /** Receiver of PIX payments: written into every BR Code payload. */
  pix: { key: string; merchantName: string; merchantCity: string };
  /** How often the billing reconciliation runs (it also runs at start); 0 = only at start. */
  reconcileIntervalMs: number;
}

export const PAYMENT_GATEWAYS = ['sandbox'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];
const DEV_WEBHOOK_SECRET = 'clube-sandbox-webhook-secret';

export interface StorageConfig {
  driver: 'local' | 's3';
  /** local: the folder; undefined = a temporary folder removed when the app closes (tests). */
  uploadsDir: string | undefined;
  /** s3: any S3-compatible bucket (AWS S3, Google Cloud Storage interoperability, R2, MinIO). */
  s3: S3StorageConfig | undefined;
}

export interface S3StorageConfig {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
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
  const paymentGateway = parsePaymentGateway(env.PAYMENT_GATEWAY, nodeEnv);
  const webhookSecret = nonEmpty(env.WEBHOOK_SECRET) ?? DEV_WEBHOOK_SECRET;
  if (nodeEnv === 'production' && (webhookSecret === DEV_WEBHOOK_SECRET || webhookSecret.length < 32)) {
    throw new ConfigError('Modo produção (NODE_ENV=production) exige WEBHOOK_SECRET com pelo menos 32 caracteres: ele autentica o webhook de pagamentos.');
  }

  const dataDirRaw = nonEmpty(env.DATA_DIR) ?? options.defaultDataDir;
  const dataDir = dataDirRaw === undefined || dataDirRaw === 'memory' ? undefined : path.resolve(REPO_ROOT, dataDirRaw);
  const storage = parseStorage(env, dataDir);
  const fileUrlSecret = nonEmpty(env.FILE_URL_SECRET);
  if (nodeEnv === 'production' && (!fileUrlSecret || fileUrlSecret.length < 32)) {
    throw new ConfigError(
      'Modo produção (NODE_ENV=production) exige FILE_URL_SECRET com pelo menos 32 caracteres: ele assina os links dos arquivos.',
    );
  }

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
    expensiveReadLimit: parsePositiveInt(env.API_EXPENSIVE_READ_RATE_LIMIT, 'API_EXPENSIVE_READ_RATE_LIMIT', 30),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    storage,
    // Without a secret (development, tests) each process signs with its own random key.
    fileUrlSecret: fileUrlSecret ?? randomBytes(32).toString('hex'),
    fileUrlTtlSeconds: parsePositiveInt(env.FILE_URL_TTL_SECONDS, 'FILE_URL_TTL_SECONDS', 3600),
    publicApiUrl: nonEmpty(env.PUBLIC_API_URL)?.replace(/\/+$/, ''),
    paymentGateway,
    webhookSecret,
    pix: {
      key: nonEmpty(env.PIX_KEY) ?? 'pix@clube.local',
      merchantName: nonEmpty(env.PIX_MERCHANT_NAME) ?? 'Clube',
      merchantCity: nonEmpty(env.PIX_MERCHANT_CITY) ?? 'Sao Paulo',
    },
    // 0 in tests: they run the job themselves with an injected clock.
    reconcileIntervalMs:
      nonEmpty(env.RECONCILE_INTERVAL_MS) === undefined
        ? nodeEnv === 'test'
          ? 0
          : 60_000
        : parsePositiveInt(env.RECONCILE_INTERVAL_MS, 'RECONCILE_INTERVAL_MS', 60_000),
  };
}

function parsePaymentGateway(value: string | undefined, nodeEnv: NodeEnv): PaymentGatewayName {
  const gateway = nonEmpty(value) ?? 'sandbox';
  if (!(PAYMENT_GATEWAYS as readonly string[]).includes(gateway)) {
    throw new ConfigError(`PAYMENT_GATEWAY inválido: "${gateway}". Adaptadores disponíveis: ${PAYMENT_GATEWAYS.join(', ')}.`);
  }
  if (nodeEnv === 'production' && gateway === 'sandbox') {
    throw new ConfigError(
      'Modo produção (NODE_ENV=production) não aceita o gateway de pagamento sandbox (PAYMENT_GATEWAY=sandbox): ele confirma pagamentos sem dinheiro real. Configure o adaptador do gateway real.',
    );
  }
  return gateway as PaymentGatewayName;
}

/**
 * STORAGE_DRIVER=local (default): UPLOADS_DIR, or `uploads/` beside the data directory
 * (`.data/uploads` for `npm start`); without either, a temporary folder (tests).
 * STORAGE_DRIVER=s3: S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.
 */
function parseStorage(env: NodeJS.ProcessEnv, dataDir: string | undefined): StorageConfig {
  const driver = nonEmpty(env.STORAGE_DRIVER) ?? 'local';
  if (driver === 'local') {
    const uploadsDir = nonEmpty(env.UPLOADS_DIR);
    return {
      driver,
      uploadsDir: uploadsDir ? path.resolve(REPO_ROOT, uploadsDir) : dataDir ? path.join(path.dirname(dataDir), 'uploads') : undefined,
      s3: undefined,
    };
  }
  if (driver === 's3') {
    const names = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const missing = names.filter((name) => !nonEmpty(env[name]));
    if (missing.length) throw new ConfigError(`STORAGE_DRIVER=s3 exige ${missing.join(', ')}.`);
    return {
      driver,
      uploadsDir: undefined,
      s3: {
        endpoint: nonEmpty(env.S3_ENDPOINT)!.replace(/\/+$/, ''),
        region: nonEmpty(env.S3_REGION)!,
        bucket: nonEmpty(env.S3_BUCKET)!,
        accessKeyId: nonEmpty(env.S3_ACCESS_KEY_ID)!,
        secretAccessKey: nonEmpty(env.S3_SECRET_ACCESS_KEY)!,
      },
    };
  }
  throw new ConfigError(`STORAGE_DRIVER inválido: "${driver}". Use local ou s3.`);
}

/** TRUST_PROXY: unset → false; "2" → two hops; "10.0.0.1,10.1.0.0/16" → those proxies. "true" is refused. */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const raw = nonEmpty(value);
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw === 'true' || raw === '*') {
    throw new ConfigError(
      'TRUST_PROXY não aceita "true": qualquer cliente poderia escolher o próprio endereço com X-Forwarded-For. Informe o número de proxies (ex.: 1) ou os endereços deles.',
    );
  }
  const addresses = raw.split(',').map((item) => item.trim()).filter(Boolean);
  if (!addresses.every((item) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(item))) {
    throw new ConfigError(`TRUST_PROXY inválido: "${raw}". Use o número de proxies (ex.: 1) ou endereços IP/CIDR separados por vírgula.`);
  }
  return addresses;
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
    expensiveReadLimit: 10_000,
    ...overrides,
  };
}
