// Type-checks every package with its own tsconfig (all strict), two at a time.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import frontends from './frontends.cjs';

const { ROOT, FRONTENDS } = frontends;

const PACKAGES = ['packages/platform', 'packages/documents', 'packages/dev-harness', 'packages/kit', ...Object.values(FRONTENDS).map((frontend) => frontend.dir), 'api', 'e2e'];
const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

function check(dir) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', path.join(ROOT, dir, 'tsconfig.json'), '--pretty'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ dir, code, output }));
  });
}

const queue = PACKAGES.filter((dir) => existsSync(path.join(ROOT, dir, 'tsconfig.json')));
let failed = 0;
async function worker() {
  for (let dir = queue.shift(); dir; dir = queue.shift()) {
    const result = await check(dir);
    if (result.code === 0) console.log(`✓ tipos ok: ${dir}`);
    else {
      failed += 1;
      console.error(`✗ erros de tipo em ${dir}:\n${result.output}`);
    }
  }
}
await Promise.all([worker(), worker()]);
if (failed) process.exit(1);
