// `npm test`: every check the project has, in order, failing on the first that fails.
//   API types in step with its OpenAPI document → type-check → lint → unit tests (all packages, API over real HTTP) →
//   the API suites on a MongoDB-protocol server (FerretDB) → production build → size report (fails on a
//   duplicated singleton) → browser suite → the main journey in the browser with the API on FerretDB
// One Firebase Auth emulator serves every step that needs it. `--only <step>[,<step>…]` runs those
// steps (contract, typecheck, lint, unit, mongo, build, size, browser, browser-mongo).
// The two FerretDB steps need Go (to build it once) or ferretdb installed; without either they print
// why they did not run, unless CLUBE_REQUIRE_FERRETDB=1 (`.ci/run`), which makes that a failure.
// `mongo` runs beside `unit` (its output held back until it ends); CLUBE_TEST_SEQUENTIAL=1 runs
// every step one after the other.
import { spawn } from 'node:child_process';
import path from 'node:path';
import frontends from './frontends.cjs';
import { buildFrontends } from './build.mjs';
import { startAuthEmulator } from './emulator.mjs';
import { findFerretDB } from './ferretdb.mjs';

const { ROOT } = frontends;
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1].split(',') : null;

/** Runs a command; `quiet`: its output is kept and printed when it ends (a step running beside another). */
function run(command, args, env = {}, { quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (quiet) process.stdout.write(output);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} terminou com código ${code}`));
    });
  });
}

let emulator = null;
let emulatorStarting = null;
async function emulatorEnv() {
  // One start even when two steps running side by side ask at once.
  emulatorStarting ??= (async () => {
    const started = Date.now();
    emulator = await startAuthEmulator({ projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-clube' });
    console.log(`Emulador do Firebase Auth em ${emulator.host} (${emulator.reused ? 'reutilizado' : `${((Date.now() - started) / 1000).toFixed(1)} s`})`);
  })();
  await emulatorStarting;
  return { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: emulator.projectId, GCLOUD_PROJECT: emulator.projectId };
}

/** Why the MongoDB-protocol steps cannot run here (no MONGODB_URI, no ferretdb, no Go), or null. */
async function whyNoMongo() {
  const found = process.env.MONGODB_URI ? { binary: 'MONGODB_URI' } : await findFerretDB();
  return found.binary || found.go ? null : found.reason;
}
const MONGO_STEPS = new Set(['mongo', 'browser-mongo']);

const STEPS = [
  ['contract', 'Tipos da API (schema.d.ts) em dia com o documento OpenAPI', () => run(process.execPath, [path.join(ROOT, 'scripts', 'api-types.mjs'), '--check'])],
  ['typecheck', 'Tipos (tsc strict, todos os pacotes)', () => run(process.execPath, [path.join(ROOT, 'scripts', 'typecheck.mjs')])],
  ['lint', 'Lint (inclui as fronteiras da federação)', () => run(bin('eslint'), ['--max-warnings=0', '.'])],
  ['unit', 'Testes unitários e de API (Jest)', async () => run(bin('jest'), ['--ci'], await emulatorEnv())],
  [
    'mongo',
    'Suítes da API contra um servidor do protocolo MongoDB (FerretDB 1.24, ou MONGODB_URI)',
    async (options) => run(process.execPath, [path.join(ROOT, 'api', 'scripts', 'test-mongo.mjs')], await emulatorEnv(), options),
    // Most of its time is FerretDB's and the unit step keeps one core busy: side by side they end sooner.
    { beside: 'unit' },
  ],
  ['build', 'Build de produção', () => buildFrontends()],
  ['size', 'Tamanho e singletons únicos (npm run size)', () => run(process.execPath, [path.join(ROOT, 'scripts', 'size.mjs')])],
  ['browser', 'Suíte de navegador (Chromium)', async () => run(bin('jest'), ['--ci', '--runInBand', '-c', 'e2e/jest.config.js'], await emulatorEnv())],
  [
    'browser-mongo',
    'Jornada principal no navegador com a API no FerretDB (ou MONGODB_URI)',
    async () =>
      run(bin('jest'), ['--ci', '--runInBand', '-c', 'e2e/jest.mongodb.config.js'], {
        ...(await emulatorEnv()),
        ...(process.env.MONGODB_URI ? { E2E_MONGODB_URI: process.env.MONGODB_URI } : {}),
      }),
  ],
];

const started = Date.now();
/** Steps started beside another one (`beside`), awaited right after it. */
const besides = [];
console.log(`Node ${process.version} (${process.execPath})`);
try {
  const requested = STEPS.map(([name]) => name).filter((name) => !only || only.includes(name));
  const noMongo = requested.some((name) => MONGO_STEPS.has(name)) ? await whyNoMongo() : null;
  if (noMongo) {
    const line = `A passada contra o protocolo MongoDB (FerretDB) não rodou: ${noMongo} Instale o Go (https://go.dev/dl/) ou defina MONGODB_URI.`;
    if (process.env.CLUBE_REQUIRE_FERRETDB === '1') throw new Error(line);
    console.log(`\n${line}`);
  }
  const wanted = requested.filter((name) => !(noMongo && MONGO_STEPS.has(name)));
  const needsBuild = only && wanted.some((name) => ['browser', 'browser-mongo', 'size'].includes(name));
  const runnable = STEPS.filter(([name]) => wanted.includes(name) || (needsBuild && name === 'build'));
  const sequential = process.env.CLUBE_TEST_SEQUENTIAL === '1';
  for (const [name, title, step, options] of runnable) {
    const partner = !sequential && options?.beside && runnable.some(([other]) => other === options.beside) ? options.beside : null;
    if (partner) continue; // started together with its partner (below)
    const companions = runnable.filter(([, , , otherOptions]) => !sequential && otherOptions?.beside === name);
    for (const [, otherTitle, otherStep] of companions) {
      console.log(`\n▶ ${otherTitle} (ao lado de "${name}"; a saída aparece quando terminar)`);
      const otherStarted = Date.now();
      const done = otherStep({ quiet: true }).then(() => console.log(`✓ ${otherTitle} — ${((Date.now() - otherStarted) / 1000).toFixed(1)} s`));
      done.catch(() => {}); // awaited below; this only keeps an early failure from being "unhandled"
      besides.push(done);
    }
    console.log(`\n▶ ${title}`);
    const stepStarted = Date.now();
    await step();
    console.log(`✓ ${title} — ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
    for (const done of besides.splice(0)) await done;
  }
  console.log(`\nTudo certo em ${((Date.now() - started) / 1000).toFixed(0)} s.`);
} catch (error) {
  console.error(`\n✗ ${error.message}`);
  process.exitCode = 1;
} finally {
  await Promise.allSettled(besides); // a step still running beside a failed one ends before the emulator stops
  await emulator?.stop();
}
