// `npm test`: every check the project has, in order, failing on the first that fails.
//   API types in step with its OpenAPI document → type-check → lint → unit tests (all packages, API over real HTTP) → production build →
//   size report (fails on a duplicated singleton) → browser suite
// One Firebase Auth emulator serves every step that needs it. `--only <step>` runs one step
// (contract, typecheck, lint, unit, build, size, browser).
import { spawn } from 'node:child_process';
import path from 'node:path';
import frontends from './frontends.cjs';
import { buildFrontends } from './build.mjs';
import { startAuthEmulator } from './emulator.mjs';

const { ROOT } = frontends;
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : null;

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(' ')} terminou com código ${code}`))));
  });
}

let emulator = null;
async function emulatorEnv() {
  if (!emulator) {
    const started = Date.now();
    emulator = await startAuthEmulator({ projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-clube' });
    console.log(`Emulador do Firebase Auth em ${emulator.host} (${emulator.reused ? 'reutilizado' : `${((Date.now() - started) / 1000).toFixed(1)} s`})`);
  }
  return { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: emulator.projectId, GCLOUD_PROJECT: emulator.projectId };
}

const STEPS = [
  ['contract', 'Tipos da API (schema.d.ts) em dia com o documento OpenAPI', () => run(process.execPath, [path.join(ROOT, 'scripts', 'api-types.mjs'), '--check'])],
  ['typecheck', 'Tipos (tsc strict, todos os pacotes)', () => run(process.execPath, [path.join(ROOT, 'scripts', 'typecheck.mjs')])],
  ['lint', 'Lint (inclui as fronteiras da federação)', () => run(bin('eslint'), ['--max-warnings=0', '.'])],
  ['unit', 'Testes unitários e de API (Jest)', async () => run(bin('jest'), ['--ci'], await emulatorEnv())],
  ['build', 'Build de produção', () => buildFrontends()],
  ['size', 'Tamanho e singletons únicos (npm run size)', () => run(process.execPath, [path.join(ROOT, 'scripts', 'size.mjs')])],
  ['browser', 'Suíte de navegador (Chromium)', async () => run(bin('jest'), ['--ci', '--runInBand', '-c', 'e2e/jest.config.js'], await emulatorEnv())],
];

const started = Date.now();
console.log(`Node ${process.version} (${process.execPath})`);
try {
  for (const [name, title, step] of STEPS) {
    if (only && only !== name && !(['browser', 'size'].includes(only) && name === 'build')) continue;
    console.log(`\n▶ ${title}`);
    const stepStarted = Date.now();
    await step();
    console.log(`✓ ${title} — ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
  }
  console.log(`\nTudo certo em ${((Date.now() - started) / 1000).toFixed(0)} s.`);
} catch (error) {
  console.error(`\n✗ ${error.message}`);
  process.exitCode = 1;
} finally {
  await emulator?.stop();
}
