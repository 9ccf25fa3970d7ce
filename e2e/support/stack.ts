import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_PORTS, FRONTEND_NAMES } from './env';

export const ROOT = path.resolve(__dirname, '..', '..');
export const API_URL = `http://localhost:${E2E_PORTS.api}`;
export const BRASIL_API_URL = `http://localhost:${E2E_PORTS.brasilApi}/api`;
export const POSTHOG_URL = `http://localhost:${E2E_PORTS.posthog}`;
/** The local inbox of the dev mail server: `GET /api/messages` lists what the API sent, newest first. */
export const INBOX_URL = `http://127.0.0.1:${E2E_PORTS.inbox}`;
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-clube';

/** A CEP the BrasilAPI stand-in knows, and what it answers. */
export const KNOWN_CEP = { cep: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista', service: 'stand-in' };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url: string, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.status < 500) return;
    } catch {
      /* not up yet */
    }
    await delay(200);
  }
  throw new Error(`${what} não respondeu em ${url} após ${timeoutMs / 1000} s`);
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Stand-in for BrasilAPI's CEP lookup (no internet here): one known CEP, 404 for the rest. */
function brasilApiStandIn(): http.Server {
  return http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    const match = /^\/api\/cep\/v2\/(\d{8})$/.exec(req.url ?? '');
    if (match?.[1] === KNOWN_CEP.cep) return res.end(JSON.stringify(KNOWN_CEP));
    res.statusCode = 404;
    return res.end(JSON.stringify({ name: 'CepPromiseError', message: 'Todos os serviços de CEP retornaram erro.', type: 'service_error' }));
  });
}

export interface CapturedEvent {
  event: string;
  distinct_id?: string;
  properties?: Record<string, unknown>;
}

/** Stand-in for a PostHog host: records every event sent to it; GET /__events lists them. */
function posthogStandIn(): http.Server {
  const events: CapturedEvent[] = [];
  return http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    if (req.method === 'OPTIONS') return res.end();
    if (req.url === '/__events') {
      res.setHeader('Content-Type', 'application/json');
      return res.end(JSON.stringify(events));
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      try {
        const text = body.startsWith('data=') ? Buffer.from(decodeURIComponent(body.slice(5)), 'base64').toString('utf8') : body;
        const parsed = text ? (JSON.parse(text) as CapturedEvent | CapturedEvent[] | { batch: CapturedEvent[] }) : [];
        const list = Array.isArray(parsed) ? parsed : 'batch' in parsed ? parsed.batch : [parsed];
        for (const event of list) {
          if (!event || typeof event.event !== 'string') continue;
          // posthog-js puts the distinct id inside properties.
          events.push({ ...event, distinct_id: event.distinct_id ?? (event.properties?.distinct_id as string | undefined) });
        }
      } catch {
        /* not an event (config or recorder request) */
      }
      res.setHeader('Content-Type', 'application/json');
      res.end('{"status":1}');
    });
    return undefined;
  });
}

export interface Stack {
  stop(): Promise<void>;
}

/**
 * E2E_MONGODB_URI: the API stores its data there (a database of its own, `E2E_MONGODB_DB`, dropped at
 * the end) instead of the embedded store. `npm run test:browser:mongo` sets it to a FerretDB it starts.
 */
export const mongodbUri = (): string | undefined => process.env.E2E_MONGODB_URI || undefined;
export const mongodbDb = (): string => (process.env.E2E_MONGODB_DB ??= `clube_e2e_${Date.now()}`);

interface MongoClientLike {
  connect(): Promise<unknown>;
  db(name: string): { dropDatabase(): Promise<unknown>; collection(name: string): { countDocuments(filter: object): Promise<number>; findOne(filter: object): Promise<Record<string, unknown> | null> } };
  close(): Promise<void>;
}

/** A driver client on E2E_MONGODB_URI (the API's own `mongodb` package: this suite does not depend on it). */
export async function mongoClient(): Promise<MongoClientLike> {
  const uri = mongodbUri();
  if (!uri) throw new Error('E2E_MONGODB_URI não definida');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MongoClient } = require(require.resolve('mongodb', { paths: [path.join(ROOT, 'api')] })) as {
    MongoClient: new (uri: string, options: object) => MongoClientLike;
  };
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  return client;
}

/**
 * The back end the browser suite runs against: the real API (its own data folder, demo data seeded)
 * on the Firebase Auth emulator, sending its e-mail through the real dev SMTP server (its inbox on
 * INBOX_URL), plus local stand-ins for the two outside services that cannot be reached here
 * (BrasilAPI, PostHog).
 */
export async function startStack(): Promise<Stack> {
  const stops: Array<() => Promise<void>> = [];
  let emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) {
    const emulator = spawn(process.execPath, [path.join(ROOT, 'scripts', 'emulator.mjs')], { cwd: ROOT, stdio: 'ignore', detached: true });
    stops.push(async () => {
      try {
        process.kill(-(emulator.pid as number), 'SIGINT');
      } catch {
        /* gone */
      }
    });
    emulatorHost = '127.0.0.1:9099';
    await waitFor(`http://${emulatorHost}/`, 60000, 'O emulador do Firebase Auth');
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  }

  // The API's data in `<root>/data`, so the stand-in PSP keeps its certificates in `<root>/pix-stand-in`
  // (beside the data folder, as `.data/pix-stand-in/` in development), where the tests find them.
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'clube-e2e-data-'));
  const dataDir = path.join(dataRoot, 'data');
  process.env.E2E_PIX_STAND_IN_DIR = path.join(dataRoot, 'pix-stand-in');
  const origins = FRONTEND_NAMES.map((name) => `http://localhost:${E2E_PORTS[name]}`);
  // Runs after the API has stopped (stops run in reverse).
  if (mongodbUri()) {
    stops.push(async () => {
      const client = await mongoClient();
      await client.db(mongodbDb()).dropDatabase();
      await client.close();
    });
  }
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const stopOnExit = (child: ChildProcess) => () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  // The real SMTP server `npm start` runs, with its inbox; it stops after the API (stops run in reverse).
  const mail = spawn(tsx, [path.join(ROOT, 'api', 'scripts', 'dev-mail-server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEV_SMTP_PORT: String(E2E_PORTS.smtp), DEV_INBOX_PORT: String(E2E_PORTS.inbox) },
  });
  stops.push(stopOnExit(mail));
  await waitFor(`${INBOX_URL}/api/messages`, 60000, 'O servidor de e-mail de desenvolvimento');

  const api: ChildProcess = spawn(tsx, [path.join(ROOT, 'api', 'src', 'server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      API_PORT: String(E2E_PORTS.api),
      DATA_DIR: dataDir,
      PIX_STAND_IN_PORT: String(E2E_PORTS.pixStandIn),
      ...(mongodbUri() ? { MONGODB_URI: mongodbUri(), MONGODB_DB: mongodbDb() } : {}),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: origins.join(','),
      // Certificate QR codes (and invitation links) point at the shell under test.
      PUBLIC_WEB_URL: `http://localhost:${E2E_PORTS.shell}`,
      // E-mail leaves through the stack's SMTP server; the job runner polls on its own, briskly.
      SMTP_URL: `smtp://127.0.0.1:${E2E_PORTS.smtp}`,
      JOBS_POLL_MS: '200',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      GCLOUD_PROJECT: PROJECT_ID,
    },
  });
  stops.push(stopOnExit(api));
  stops.push(async () => rmSync(dataRoot, { recursive: true, force: true }));

  const brasil = brasilApiStandIn();
  await listen(brasil, E2E_PORTS.brasilApi);
  stops.push(() => close(brasil));
  const posthog = posthogStandIn();
  await listen(posthog, E2E_PORTS.posthog);
  stops.push(() => close(posthog));

  await waitFor(`${API_URL}/v1/health`, 90000, 'A API');
  return {
    stop: async () => {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    },
  };
}
