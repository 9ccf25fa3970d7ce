// Over 400 lines on purpose: every environment variable the API reads is declared, validated and
// explained here, in one schema with its Portuguese hint, next to the rules that refuse a production
// start (no database, no SMTP, the emulator, the stand-in PSP, missing API Pix
// credentials, no company data). One file is
// what an operator reads to know what can be set; splitting it would scatter that list.
import { createHmac, randomBytes } from 'node:crypto';
import { accessSync, existsSync, constants as fsConstants } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import envSchema from 'env-schema';

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
   * Redis shared by every API process (redis:// or rediss://): the rate limits count there, so
   * replicas behind a load balancer enforce one limit. Undefined: each process counts on its own.
   */
  redisUrl: string | undefined;
  /**
   * How long a token's revocation check (disabled account, revoked sessions: firebase-admin's
   * `verifyIdToken(token, true)`, one Auth API call) is trusted before it is made again.
   */
  tokenRevocationCheckMs: number;
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
  /** Origin of the web app (shell) as people open it: certificate QR codes and invitation links point here. */
  publicWebUrl: string;
  /**
   * Which payment gateway adapter serves billing: `pix-api` (a bank's API Pix; production's default)
   * or `pix-api-stand-in` (the same adapter against the stand-in PSP the API starts itself, over
   * mTLS + OAuth2; the default of development and of the tests).
   */
  paymentGateway: PaymentGatewayName;
  /** PAYMENT_GATEWAY=pix-api: the bank's API Pix and the club's credentials there. */
  pixApi: PixApiConfig | undefined;
  /**
   * PAYMENT_GATEWAY=pix-api-stand-in: the stand-in PSP's port (0 = any free one), the folder its
   * certificates are made in once (`.data/pix-stand-in/` next to the data; without a data dir, one
   * folder in the system's temporary directory that every test app and Jest worker shares) and the
   * adapter's time limit.
   */
  pixStandIn: { port: number; dir: string; timeoutMs: number };
  /** The secret path segment of the API Pix callback URL (`/v1/webhooks/pix-api/<segment>/pix`). */
  pixWebhookSegment: string;
  /** Receiver of PIX payments: written into every BR Code payload. */
  pix: { key: string; merchantName: string; merchantCity: string };
  /** How often the billing reconciliation runs (it also runs at start); 0 = only at start. */
  reconcileIntervalMs: number;
  /** Who runs the club: the footer, the legal pages and every receipt name it (Decreto 7.962/2013, art. 2). */
  company: CompanyConfig;
  /** The job runner (modules/jobs). */
  jobs: JobsConfig;
  /** Outgoing e-mail (modules/mail): SMTP through nodemailer. */
  mail: MailConfig;
  /** How often the competence reminders (30 and 7 days before a qualification expires) are looked for; 0 = never by itself (tests run them). */
  competenceReminderIntervalMs: number;
}

export interface PixApiConfig {
  url: string;
  tokenUrl: string | undefined;
  clientId: string;
  clientSecret: string;
  /** PEM pair, or a PKCS#12 bundle (with its passphrase). */
  certFile: string | undefined;
  keyFile: string | undefined;
  pfxFile: string | undefined;
  pfxPassphrase: string | undefined;
  /** Extra CA for the PSP's server certificate (when not in the system's list). */
  caFile: string | undefined;
  /** The public URL the bank posts callbacks to (+ `/pix`): PUBLIC_API_URL + the secret path. */
  webhookUrl: string;
  timeoutMs: number;
  /** PIX_API_ACCOUNT: the club's account at the bank, where Pix Automático debits are credited; without it, plain PIX only. */
  receiverAccount?: { agencia?: string; conta: string; tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO' } | undefined;
}

export interface CompanyConfig {
  /** Razão social. */
  name: string;
  /** Digits (and, from 2026, letters) only, as COMPANY_CNPJ gave them without punctuation. */
  cnpj: string;
  /** Full address in one line. */
  address: string;
  email: string;
  phone: string | null;
}

export interface JobsConfig {
  /** How often each process looks for due jobs; 0 = never by itself (tests run them explicitly). */
  pollMs: number;
  /** Jobs one process runs at once. */
  concurrency: number;
  /** A claimed job's lease, renewed every third of it while the handler works. */
  leaseMs: number;
  /** First retry after this; doubled after every failure up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Runs before a job is dead. */
  maxAttempts: number;
  /** At close, how long running jobs may take before they are released to another process. */
  shutdownGraceMs: number;
}

export interface MailConfig {
  /** e.g. smtp://user:pass@smtp.example.com:587 or smtps://…:465; undefined: e-mail jobs fail (and retry) until it is set. */
  smtpUrl: string | undefined;
  /** The From header, e.g. `Clube <nao-responda@clube.com.br>`. */
  from: string;
}

export const PAYMENT_GATEWAYS = ['pix-api', 'pix-api-stand-in'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];
const DEV_WEBHOOK_SECRET = 'clube-dev-webhook-secret';
/** The local SMTP server `npm start` runs (api/scripts/dev-mail-server.ts); its inbox is on http://localhost:8025. */
export const DEV_SMTP_URL = 'smtp://127.0.0.1:1025';

export interface StorageConfig {
  driver: 'local' | 's3';
  /** local: the folder; undefined = a temporary folder removed when the app closes (tests). */
  uploadsDir: string | undefined;
  /** s3: an S3-compatible bucket through the AWS SDK (AWS S3, Cloudflare R2, MinIO). */
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

/**
 * The api package's folder (the nearest package.json above this file): `api/` both when tsx runs
 * `src/config.ts` and when Node runs the build's `dist/src/config.js` (`npm run build -w api`).
 */
export const API_ROOT = packageRoot(__dirname);
export const REPO_ROOT = path.dirname(API_ROOT);

function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json da API não encontrado acima de ${from}`);
  }
}

/**
 * The stand-in PSP's certificates without a data dir (the tests, DATA_DIR=memory): made once in the
 * system's temporary directory, per user, and shared by every app, Jest worker and the FerretDB pass
 * (ensureStandInCertificates writes them atomically, so parallel first starts do not race).
 */
export const SHARED_STAND_IN_DIR = path.join(tmpdir(), `clube-pix-stand-in-${userInfo().uid}`);

const DEFAULT_CORS_ORIGINS = [8080, 8081, 8082, 8083, 8084].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export interface LoadConfigOptions {
  /** Used when DATA_DIR is unset (`npm start` keeps data under `.data/`; tests pass nothing). */
  defaultDataDir?: string;
}

const text = { type: 'string' } as const;

/**
 * Every variable the API reads, validated by env-schema (Ajv: types coerced from text,
 * defaults filled in, unknown variables ignored). `description` is the Portuguese hint shown
 * when a value is refused. Values that are empty or only spaces count as unset.
 */
export const ENV_SCHEMA = {
  type: 'object',
  properties: {
    NODE_ENV: { type: 'string', enum: ['development', 'test', 'production'], default: 'development' },
    API_HOST: text,
    HOST: text,
    API_PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 3000, description: 'um número entre 0 e 65535' },
    MONGODB_URI: text,
    MONGODB_DB: { type: 'string', default: 'clube' },
    DATA_DIR: text,
    FIREBASE_PROJECT_ID: { type: 'string', default: 'demo-clube' },
    FIREBASE_AUTH_EMULATOR_HOST: text,
    CORS_ORIGINS: text,
    API_WRITE_RATE_LIMIT: { type: 'integer', minimum: 1, default: 120, description: 'um número inteiro positivo' },
    API_EXPENSIVE_READ_RATE_LIMIT: { type: 'integer', minimum: 1, default: 30, description: 'um número inteiro positivo' },
    TRUST_PROXY: text,
    REDIS_URL: { type: 'string', pattern: '^rediss?://', description: 'uma URL redis:// ou rediss:// (ex.: redis://:senha@redis.interno:6379/0)' },
    LOG_LEVEL: { type: 'string', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    STORAGE_DRIVER: { type: 'string', enum: ['local', 's3'], default: 'local' },
    UPLOADS_DIR: text,
    S3_ENDPOINT: text,
    S3_REGION: text,
    S3_BUCKET: text,
    S3_ACCESS_KEY_ID: text,
    S3_SECRET_ACCESS_KEY: text,
    FILE_URL_SECRET: text,
    FILE_URL_TTL_SECONDS: { type: 'integer', minimum: 1, default: 3600, description: 'um número inteiro positivo' },
    PUBLIC_API_URL: text,
    PUBLIC_WEB_URL: { type: 'string', default: 'http://localhost:8080' },
    PAYMENT_GATEWAY: text,
    PIX_API_URL: { type: 'string', pattern: '^https://', description: 'a URL https:// da API Pix do banco' },
    PIX_API_TOKEN_URL: { type: 'string', pattern: '^https://', description: 'a URL https:// do token OAuth2 do banco' },
    PIX_API_CLIENT_ID: text,
    PIX_API_CLIENT_SECRET: text,
    PIX_API_CERT: text,
    PIX_API_KEY: text,
    PIX_API_PFX: text,
    PIX_API_PFX_PASSPHRASE: text,
    PIX_API_CA: text,
    PIX_API_ACCOUNT: {
      type: 'string',
      pattern: '^(\\d{1,4}/)?\\d{1,20}/(CORRENTE|POUPANCA|PAGAMENTO)$',
      description: 'agência/conta/tipo da conta do Clube no banco, por exemplo 0001/1234567/CORRENTE (tipo: CORRENTE, POUPANCA ou PAGAMENTO)',
    },
    PIX_API_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 10_000, default: 10_000, description: 'um número inteiro de 100 a 10000 milissegundos' },
    PIX_STAND_IN_PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 0, description: 'uma porta de 0 a 65535 (0 = qualquer porta livre)' },
    WEBHOOK_SECRET: text,
    PIX_KEY: { type: 'string', default: 'pix@clube.local' },
    PIX_MERCHANT_NAME: { type: 'string', default: 'Clube' },
    PIX_MERCHANT_CITY: { type: 'string', default: 'Sao Paulo' },
    RECONCILE_INTERVAL_MS: {
      type: 'integer',
      minimum: 0,
      description: 'um número inteiro de milissegundos, ou 0 para conciliar só na partida',
    },
    COMPANY_NAME: text,
    COMPANY_CNPJ: text,
    COMPANY_ADDRESS: text,
    COMPANY_EMAIL: text,
    COMPANY_PHONE: text,
    JOBS_POLL_MS: { type: 'integer', minimum: 0, description: 'um número inteiro de milissegundos, ou 0 para não buscar trabalhos sozinho' },
    JOBS_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 64, default: 4, description: 'um número inteiro de 1 a 64' },
    JOBS_LEASE_MS: { type: 'integer', minimum: 200, default: 60_000, description: 'um número inteiro de milissegundos (mínimo 200)' },
    JOBS_RETRY_BASE_MS: { type: 'integer', minimum: 1, default: 30_000, description: 'um número inteiro positivo de milissegundos' },
    JOBS_RETRY_MAX_MS: { type: 'integer', minimum: 1, default: 3_600_000, description: 'um número inteiro positivo de milissegundos' },
    JOBS_MAX_ATTEMPTS: { type: 'integer', minimum: 1, maximum: 100, default: 8, description: 'um número inteiro de 1 a 100' },
    SMTP_URL: { type: 'string', pattern: '^smtps?://', description: 'uma URL smtp:// ou smtps:// (ex.: smtp://usuario:senha@smtp.exemplo.com:587)' },
    MAIL_FROM: { type: 'string', default: 'Clube <nao-responda@clube.local>' },
    COMPETENCE_REMINDER_INTERVAL_MS: { type: 'integer', minimum: 0, description: 'um número inteiro de milissegundos, ou 0 para não procurar lembretes sozinho' },
  },
} as const;

interface Env {
  NODE_ENV: NodeEnv;
  API_HOST?: string;
  HOST?: string;
  API_PORT: number;
  MONGODB_URI?: string;
  MONGODB_DB: string;
  DATA_DIR?: string;
  FIREBASE_PROJECT_ID: string;
  FIREBASE_AUTH_EMULATOR_HOST?: string;
  CORS_ORIGINS?: string;
  API_WRITE_RATE_LIMIT: number;
  API_EXPENSIVE_READ_RATE_LIMIT: number;
  TRUST_PROXY?: string;
  REDIS_URL?: string;
  LOG_LEVEL?: string;
  STORAGE_DRIVER: 'local' | 's3';
  UPLOADS_DIR?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  FILE_URL_SECRET?: string;
  FILE_URL_TTL_SECONDS: number;
  PUBLIC_API_URL?: string;
  PUBLIC_WEB_URL: string;
  PAYMENT_GATEWAY?: string;
  PIX_API_URL?: string;
  PIX_API_TOKEN_URL?: string;
  PIX_API_CLIENT_ID?: string;
  PIX_API_CLIENT_SECRET?: string;
  PIX_API_CERT?: string;
  PIX_API_KEY?: string;
  PIX_API_PFX?: string;
  PIX_API_PFX_PASSPHRASE?: string;
  PIX_API_CA?: string;
  PIX_API_ACCOUNT?: string;
  PIX_API_TIMEOUT_MS: number;
  PIX_STAND_IN_PORT: number;
  WEBHOOK_SECRET?: string;
  PIX_KEY: string;
  PIX_MERCHANT_NAME: string;
  PIX_MERCHANT_CITY: string;
  RECONCILE_INTERVAL_MS?: number;
  COMPANY_NAME?: string;
  COMPANY_CNPJ?: string;
  COMPANY_ADDRESS?: string;
  COMPANY_EMAIL?: string;
  COMPANY_PHONE?: string;
  JOBS_POLL_MS?: number;
  JOBS_CONCURRENCY: number;
  JOBS_LEASE_MS: number;
  JOBS_RETRY_BASE_MS: number;
  JOBS_RETRY_MAX_MS: number;
  JOBS_MAX_ATTEMPTS: number;
  SMTP_URL?: string;
  MAIL_FROM: string;
  COMPETENCE_REMINDER_INTERVAL_MS?: number;
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: { allowedValues?: readonly string[] };
}

/** Validates the variables with env-schema; a refused value becomes a ConfigError in Portuguese. */
function readEnv(env: NodeJS.ProcessEnv): Env {
  const given: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const trimmed = value?.trim();
    if (trimmed && name in ENV_SCHEMA.properties) given[name] = trimmed;
  }
  try {
    return envSchema<Env>({ schema: ENV_SCHEMA as never, data: given, env: false, dotenv: false });
  } catch (error) {
    const [first] = ((error as { errors?: AjvError[] }).errors ?? []) as AjvError[];
    const name = first?.instancePath.replace(/^\//, '') ?? '';
    if (!first || !(name in ENV_SCHEMA.properties)) throw new ConfigError(`Configuração inválida: ${(error as Error).message}`);
    const property = ENV_SCHEMA.properties[name as keyof typeof ENV_SCHEMA.properties] as { description?: string; enum?: readonly string[] };
    const hint = property.enum ? listPt(property.enum) : (property.description ?? 'outro valor');
    throw new ConfigError(`${name} inválido: "${given[name]}". Use ${hint}.`);
  }
}

function listPt(values: readonly string[]): string {
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} ou ${values[values.length - 1]}` : (values[0] ?? '');
}

/** Reads and validates the environment once; throws ConfigError with a Portuguese reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): Config {
  const vars = readEnv(env);
  const nodeEnv = vars.NODE_ENV;
  const mongodbUri = vars.MONGODB_URI;
  const authEmulatorHost = vars.FIREBASE_AUTH_EMULATOR_HOST;

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
  // Production: a bank's API Pix; development and tests: the same adapter against the stand-in PSP.
  const defaultGateway = nodeEnv === 'production' ? 'pix-api' : 'pix-api-stand-in';
  const paymentGateway = parsePaymentGateway(vars.PAYMENT_GATEWAY ?? defaultGateway, nodeEnv);
  const webhookSecret = vars.WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET;
  const publicApiUrl = vars.PUBLIC_API_URL?.replace(/\/+$/, '');
  // The callback URL's secret segment: derived from WEBHOOK_SECRET, so it is as hard to guess.
  const pixWebhookSegment = createHmac('sha256', webhookSecret).update('pix-api-webhook').digest('hex').slice(0, 40);
  const pixApi = paymentGateway === 'pix-api' ? parsePixApi(vars, publicApiUrl, pixWebhookSegment) : undefined;

  if (nodeEnv === 'production' && (webhookSecret === DEV_WEBHOOK_SECRET || webhookSecret.length < 32)) {
    throw new ConfigError('Modo produção (NODE_ENV=production) exige WEBHOOK_SECRET com pelo menos 32 caracteres: dele vem o segmento secreto da URL que o banco chama (callbacks da API Pix).');
  }

  const company = parseCompany(vars, nodeEnv);

  const dataDirRaw = vars.DATA_DIR ?? options.defaultDataDir;
  const dataDir = dataDirRaw === undefined || dataDirRaw === 'memory' ? undefined : path.resolve(REPO_ROOT, dataDirRaw);
  const storage = parseStorage(vars, dataDir);
  const fileUrlSecret = vars.FILE_URL_SECRET;
  if (nodeEnv === 'production' && (!fileUrlSecret || fileUrlSecret.length < 32)) {
    throw new ConfigError(
      'Modo produção (NODE_ENV=production) exige FILE_URL_SECRET com pelo menos 32 caracteres: ele assina os links dos arquivos.',
    );
  }

  const smtpUrl = vars.SMTP_URL ?? (nodeEnv === 'development' ? DEV_SMTP_URL : undefined);
  if (nodeEnv === 'production' && !vars.SMTP_URL) {
    throw new ConfigError(
      'Modo produção (NODE_ENV=production) exige SMTP_URL (ex.: smtp://usuario:senha@smtp.exemplo.com:587): sem ele nenhum e-mail sai.',
    );
  }

  return {
    nodeEnv,
    // Loopback unless told otherwise: with the Auth emulator the API accepts unsigned tokens, so
    // anyone on a developer's network would be admin (#26). A production container sets HOST.
    host: vars.API_HOST ?? vars.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: vars.API_PORT,
    mongodbUri,
    mongodbDb: vars.MONGODB_DB,
    dataDir: mongodbUri ? undefined : dataDir,
    firebaseProjectId: vars.FIREBASE_PROJECT_ID,
    authEmulatorHost,
    corsOrigins: vars.CORS_ORIGINS?.split(',').map((origin) => origin.trim()).filter(Boolean) ?? DEFAULT_CORS_ORIGINS,
    bodyLimitBytes: 100 * 1024,
    rateLimit: { max: vars.API_WRITE_RATE_LIMIT, timeWindowMs: 60_000 },
    expensiveReadLimit: vars.API_EXPENSIVE_READ_RATE_LIMIT,
    redisUrl: vars.REDIS_URL,
    tokenRevocationCheckMs: 30_000,
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    storage,
    // Without a secret (development, tests) each process signs with its own random key.
    fileUrlSecret: fileUrlSecret ?? randomBytes(32).toString('hex'),
    fileUrlTtlSeconds: vars.FILE_URL_TTL_SECONDS,
    publicApiUrl,
    publicWebUrl: vars.PUBLIC_WEB_URL.replace(/\/+$/, ''),
    paymentGateway,
    pixApi,
    pixStandIn: { port: vars.PIX_STAND_IN_PORT, dir: dataDir ? path.join(path.dirname(dataDir), 'pix-stand-in') : SHARED_STAND_IN_DIR, timeoutMs: vars.PIX_API_TIMEOUT_MS },
    pixWebhookSegment,
    pix: { key: vars.PIX_KEY, merchantName: vars.PIX_MERCHANT_NAME, merchantCity: vars.PIX_MERCHANT_CITY },
    // 0 = only at start (tests default to it: they run the job themselves with an injected clock).
    reconcileIntervalMs: vars.RECONCILE_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 60_000),
    company,
    jobs: {
      // Tests run jobs themselves (app.jobs.runDue()), unless they set a poll interval.
      pollMs: vars.JOBS_POLL_MS ?? (nodeEnv === 'test' ? 0 : 1000),
      concurrency: vars.JOBS_CONCURRENCY,
      leaseMs: vars.JOBS_LEASE_MS,
      retryBaseMs: vars.JOBS_RETRY_BASE_MS,
      retryMaxMs: Math.max(vars.JOBS_RETRY_MAX_MS, vars.JOBS_RETRY_BASE_MS),
      maxAttempts: vars.JOBS_MAX_ATTEMPTS,
      shutdownGraceMs: 5000,
    },
    mail: { smtpUrl, from: vars.MAIL_FROM },
    competenceReminderIntervalMs: vars.COMPETENCE_REMINDER_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 3_600_000),
  };
}

/** What development and the tests show: obviously a demonstration, with a CNPJ whose check digits hold. */
export const DEMO_COMPANY: CompanyConfig = {
  name: 'Clube Educação Laboratorial Ltda. (demonstração)',
  cnpj: '12345678000195',
  address: 'Av. Paulista, 1000, Bela Vista, São Paulo - SP, CEP 01310-100',
  email: 'contato@clube.local',
  phone: '(11) 4000-0000',
};

const COMPANY_VARIABLES = ['COMPANY_NAME', 'COMPANY_CNPJ', 'COMPANY_ADDRESS', 'COMPANY_EMAIL'] as const;

/**
 * COMPANY_NAME, COMPANY_CNPJ, COMPANY_ADDRESS, COMPANY_EMAIL (and COMPANY_PHONE, optional): who
 * sells, as a Brazilian paid site must say (Decreto 7.962/2013). Production refuses to start
 * without them; elsewhere the demonstration company fills what is missing.
 */
export function parseCompany(vars: Partial<Record<(typeof COMPANY_VARIABLES)[number] | 'COMPANY_PHONE', string>>, nodeEnv: NodeEnv): CompanyConfig {
  const missing = COMPANY_VARIABLES.filter((name) => !vars[name]);
  if (nodeEnv === 'production' && missing.length) {
    throw new ConfigError(
      `Modo produção (NODE_ENV=production) exige ${listPt(missing)}: o rodapé, os termos e os recibos precisam dizer quem vende (Decreto 7.962/2013).`,
    );
  }
  const cnpj = vars.COMPANY_CNPJ?.replace(/[./\s-]/g, '').toUpperCase();
  if (cnpj !== undefined && !/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) {
    throw new ConfigError(`COMPANY_CNPJ inválido: "${vars.COMPANY_CNPJ}". Use os 14 caracteres do CNPJ, com ou sem pontuação.`);
  }
  if (vars.COMPANY_EMAIL !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(vars.COMPANY_EMAIL)) {
    throw new ConfigError(`COMPANY_EMAIL inválido: "${vars.COMPANY_EMAIL}". Use o e-mail de contato, como contato@exemplo.com.br.`);
  }
  return {
    name: vars.COMPANY_NAME ?? DEMO_COMPANY.name,
    cnpj: cnpj ?? DEMO_COMPANY.cnpj,
    address: vars.COMPANY_ADDRESS ?? DEMO_COMPANY.address,
    email: vars.COMPANY_EMAIL ?? DEMO_COMPANY.email,
    phone: vars.COMPANY_PHONE ?? (vars.COMPANY_NAME ? null : DEMO_COMPANY.phone),
  };
}

function parsePaymentGateway(gateway: string, nodeEnv: NodeEnv): PaymentGatewayName {
  if (!(PAYMENT_GATEWAYS as readonly string[]).includes(gateway)) {
    throw new ConfigError(`PAYMENT_GATEWAY inválido: "${gateway}". Adaptadores disponíveis: ${PAYMENT_GATEWAYS.join(', ')}.`);
  }
  if (nodeEnv === 'production' && gateway === 'pix-api-stand-in') {
    throw new ConfigError(
      'Modo produção (NODE_ENV=production) não aceita o PSP substituto (PAYMENT_GATEWAY=pix-api-stand-in): ele simula o banco e confirma pagamentos sem dinheiro real. Use PAYMENT_GATEWAY=pix-api com a API Pix do seu banco.',
    );
  }
  return gateway as PaymentGatewayName;
}

/**
 * PAYMENT_GATEWAY=pix-api: the bank's API Pix URL, the OAuth2 client, the club's certificate (PEM
 * pair or PKCS#12), the PIX key and the public URL the bank calls back. Each missing or unreadable
 * one stops the start with its name.
 */
function parsePixApi(vars: Env, publicApiUrl: string | undefined, segment: string): PixApiConfig {
  const missing: string[] = [];
  for (const name of ['PIX_API_URL', 'PIX_API_CLIENT_ID', 'PIX_API_CLIENT_SECRET'] as const) if (!vars[name]) missing.push(name);
  if (!vars.PIX_API_PFX) {
    if (!vars.PIX_API_CERT) missing.push('PIX_API_CERT (ou PIX_API_PFX)');
    if (!vars.PIX_API_KEY) missing.push('PIX_API_KEY (ou PIX_API_PFX)');
  }
  // The default key is the demonstration's: a real charge needs the key registered at the bank.
  if (vars.PIX_KEY === 'pix@clube.local') missing.push('PIX_KEY');
  if (!publicApiUrl) missing.push('PUBLIC_API_URL');
  if (missing.length) {
    throw new ConfigError(`PAYMENT_GATEWAY=pix-api exige ${listPt(missing)}: sem eles o Clube não fala com a API Pix do banco.`);
  }
  const files = { PIX_API_CERT: vars.PIX_API_CERT, PIX_API_KEY: vars.PIX_API_KEY, PIX_API_PFX: vars.PIX_API_PFX, PIX_API_CA: vars.PIX_API_CA };
  const resolved: Record<string, string | undefined> = {};
  for (const [name, file] of Object.entries(files)) {
    if (!file) continue;
    resolved[name] = path.resolve(REPO_ROOT, file);
    try {
      accessSync(resolved[name], fsConstants.R_OK);
    } catch {
      throw new ConfigError(`${name} aponta para um arquivo que não existe ou não pode ser lido: "${file}".`);
    }
  }
  return {
    url: vars.PIX_API_URL!.replace(/\/+$/, ''),
    tokenUrl: vars.PIX_API_TOKEN_URL,
    clientId: vars.PIX_API_CLIENT_ID!,
    clientSecret: vars.PIX_API_CLIENT_SECRET!,
    certFile: resolved.PIX_API_PFX ? undefined : resolved.PIX_API_CERT,
    keyFile: resolved.PIX_API_PFX ? undefined : resolved.PIX_API_KEY,
    pfxFile: resolved.PIX_API_PFX,
    pfxPassphrase: vars.PIX_API_PFX_PASSPHRASE,
    caFile: resolved.PIX_API_CA,
    webhookUrl: `${publicApiUrl}/v1/webhooks/pix-api/${segment}`,
    timeoutMs: vars.PIX_API_TIMEOUT_MS,
    receiverAccount: parseReceiverAccount(vars.PIX_API_ACCOUNT),
  };
}

/** PIX_API_ACCOUNT "agência/conta/TIPO" (the agency may be left out, e.g. a payment account). */
function parseReceiverAccount(value: string | undefined): PixApiConfig['receiverAccount'] {
  if (!value) return undefined;
  const parts = value.split('/');
  const tipoConta = parts.pop() as 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';
  const conta = parts.pop()!;
  return { ...(parts[0] ? { agencia: parts[0] } : {}), conta, tipoConta };
}

/**
 * STORAGE_DRIVER=local (default): UPLOADS_DIR, or `uploads/` beside the data directory
 * (`.data/uploads` for `npm start`); without either, a temporary folder (tests).
 * STORAGE_DRIVER=s3: S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.
 */
function parseStorage(vars: Env, dataDir: string | undefined): StorageConfig {
  if (vars.STORAGE_DRIVER === 'local') {
    const uploadsDir = vars.UPLOADS_DIR;
    return {
      driver: 'local',
      uploadsDir: uploadsDir ? path.resolve(REPO_ROOT, uploadsDir) : dataDir ? path.join(path.dirname(dataDir), 'uploads') : undefined,
      s3: undefined,
    };
  }
  const names = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const missing = names.filter((name) => !vars[name]);
  if (missing.length) throw new ConfigError(`STORAGE_DRIVER=s3 exige ${missing.join(', ')}.`);
  return {
    driver: 's3',
    uploadsDir: undefined,
    s3: {
      endpoint: vars.S3_ENDPOINT!.replace(/\/+$/, ''),
      region: vars.S3_REGION!,
      bucket: vars.S3_BUCKET!,
      accessKeyId: vars.S3_ACCESS_KEY_ID!,
      secretAccessKey: vars.S3_SECRET_ACCESS_KEY!,
    },
  };
}

/** TRUST_PROXY: unset → false; "2" → two hops; "10.0.0.1,10.1.0.0/16" → those proxies. "true" is refused. */
function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
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
