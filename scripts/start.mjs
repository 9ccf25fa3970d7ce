// `npm start`: the whole product on its embedded defaults, as separate deployments would run it.
//   production build → Firebase Auth emulator → API (embedded store on disk, demo data) → shell and
//   four remotes, each from its own port. Ctrl-C stops everything.
// `npm start -- --no-build` reuses the last build.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import frontends from './frontends.cjs';
import serve from './serve-static.cjs';
import prettyLogs from './pretty-logs.cjs';
import { buildFrontends } from './build.mjs';
import { emulatorPortFromEnv, startAuthEmulator } from './emulator.mjs';

const { ROOT, FRONTENDS, portOf } = frontends;
const EMULATOR_DATA_DIR = path.join(ROOT, '.data', 'auth-emulator');
const API_PORT = Number(process.env.API_PORT ?? 3000);
// The local SMTP server and its inbox page (api/scripts/dev-mail-server.ts): every e-mail the API sends lands there.
const DEV_SMTP_PORT = Number(process.env.DEV_SMTP_PORT ?? 1025);
const DEV_INBOX_PORT = Number(process.env.DEV_INBOX_PORT ?? 8025);
const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-clube';
const stoppers = [];

async function waitForUrl(url, what = 'A API', timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await delay(250);
  }
  throw new Error(`${what} não respondeu em ${url} após ${timeoutMs / 1000} s.`);
}

/** A TypeScript child (the API, the dev mail server) stopped with everything else; its exit stops everything. */
function startChild(label, script, env) {
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [script], {
    cwd: ROOT,
    // The API logs pino JSON (as in production); the console shows it readable.
    stdio: ['inherit', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  prettyLogs.printPrettyLogs(child.stdout);
  stoppers.push(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  );
  child.once('exit', (code) => {
    if (!shuttingDown) {
      console.error(`${label} parou (código ${code}).`);
      void shutdown(1);
    }
  });
}

const startApi = (env) => startChild('A API', path.join(ROOT, 'api', 'src', 'server.ts'), env);

let shuttingDown = false;
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('\nParando…');
  for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  if (!process.argv.includes('--no-build')) await buildFrontends();

  const emulator = await startAuthEmulator({ projectId: PROJECT_ID, port: emulatorPortFromEnv(), dataDir: EMULATOR_DATA_DIR });
  stoppers.push(() => emulator.stop());
  if (!process.env.SMTP_URL) {
    startChild('O servidor de e-mail de desenvolvimento', path.join(ROOT, 'api', 'scripts', 'dev-mail-server.ts'), {
      DEV_SMTP_PORT: String(DEV_SMTP_PORT),
      DEV_INBOX_PORT: String(DEV_INBOX_PORT),
    });
    await waitForUrl(`http://localhost:${DEV_INBOX_PORT}/api/messages`, 'A caixa de entrada de desenvolvimento', 20000);
  }
  const env = {
    SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${DEV_SMTP_PORT}`,
    NODE_ENV: 'development',
    API_PORT: String(API_PORT),
    ...(process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {}),
    SEED_DEMO: '1',
    // The frontends' origins on the ports actually used (PORT, REMOTE_<NAME>_PORT may move them).
    CORS_ORIGINS:
      process.env.CORS_ORIGINS ??
      Object.keys(FRONTENDS)
        .flatMap((name) => [`http://localhost:${portOf(name)}`, `http://127.0.0.1:${portOf(name)}`])
        .join(','),
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    GCLOUD_PROJECT: PROJECT_ID,
  };
  Object.assign(process.env, env);
  startApi(env);
  await waitForUrl(`http://localhost:${API_PORT}/v1/health`);

  const urls = [];
  for (const name of Object.keys(FRONTENDS)) {
    const { url, close } = await serve.serveFrontend(name);
    stoppers.push(close);
    urls.push([name, name === 'shell' ? url : `${url}/remoteEntry.js`]);
  }

  console.log(`\nClube rodando (Node ${process.version}):`);
  for (const [name, url] of urls) console.log(`  ${name.padEnd(8)} ${url}`);
  console.log(`  api      http://localhost:${API_PORT}/v1  (docs: http://localhost:${API_PORT}/v1/docs)`);
  console.log(`  firebase emulador do Auth em http://${emulator.host}`);
  if (!process.env.SMTP_URL) console.log(`  e-mail   caixa de entrada em http://localhost:${DEV_INBOX_PORT} (JSON: /api/messages; SMTP em 127.0.0.1:${DEV_SMTP_PORT})`);
  console.log(`\nAbra http://localhost:${portOf('shell')} — contas de demonstração no README. Ctrl-C para parar.`);
} catch (error) {
  console.error(`\nNão foi possível iniciar: ${error.message}`);
  await shutdown(1);
}
