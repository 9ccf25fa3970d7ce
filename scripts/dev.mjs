// `npm run dev`: webpack dev servers with fast refresh for the shell and every remote (same ports
// as `npm start`), the API in watch mode, and the Firebase Auth emulator. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import path from 'node:path';
import frontends from './frontends.cjs';
import prettyLogs from './pretty-logs.cjs';
import { startAuthEmulator } from './emulator.mjs';

const { ROOT, FRONTENDS } = frontends;
const children = [];

/** `readable`: the child logs pino JSON (the API), shown readable. */
function start(label, command, args, { readable = false, ...options } = {}) {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = `[${label}]`.padEnd(10);
  const shown = readable ? prettyLogs.prettyLogLine({ colorize: Boolean(process.stdout.isTTY) }) : (line) => line;
  const print = (stream) => (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) stream.write(`${prefix} ${shown(line)}\n`);
  };
  child.stdout.on('data', print(process.stdout));
  child.stderr.on('data', print(process.stderr));
  children.push(child);
}

const emulator = await startAuthEmulator({ projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-clube', dataDir: path.join(ROOT, '.data', 'auth-emulator') });
const env = { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: emulator.projectId, GCLOUD_PROJECT: emulator.projectId, SEED_DEMO: '1' };

start('api', path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['watch', path.join(ROOT, 'api', 'src', 'server.ts')], { env, readable: true });
for (const [name, { dir }] of Object.entries(FRONTENDS)) {
  start(name, path.join(ROOT, 'node_modules', '.bin', 'webpack'), ['serve', '--mode', 'development'], { cwd: path.join(ROOT, dir), env });
}

console.log(`Dev: shell http://localhost:${FRONTENDS.shell.port} · remotes ${Object.entries(FRONTENDS).filter(([n]) => n !== 'shell').map(([n, f]) => `${n}:${f.port}`).join(' ')} · API http://localhost:3000/v1`);

async function stop() {
  for (const child of children) child.kill('SIGTERM');
  await emulator.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
