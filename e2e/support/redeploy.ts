import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FrontendName } from './env';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { FRONTENDS } = require('../../scripts/frontends.cjs') as { FRONTENDS: Record<string, { dir: string }> };

export interface SourceChange {
  /** A file of the remote's package, e.g. `src/home/home-page.tsx`. */
  file: string;
  from: string;
  to: string;
}

/**
 * Deploys a changed remote without touching the working tree: its package is copied to a temporary
 * folder, the change is made in the copy, and the copy is built into the remote's real dist/ (the
 * deployment the running server serves; earlier builds' chunks stay, as in any redeploy). An
 * interrupted run leaves at most that dist/ changed — not versioned, and `npm run build` redoes it.
 */
export async function deployChangedRemote(name: FrontendName, change: SourceChange): Promise<void> {
  const packageDir = path.join(ROOT, FRONTENDS[name]!.dir);
  const temporary = mkdtempSync(path.join(tmpdir(), `clube-${name}-`));
  const copy = path.join(temporary, path.basename(packageDir));
  try {
    const skipped = new Set(['dist', 'node_modules'].map((dir) => path.join(packageDir, dir)));
    cpSync(packageDir, copy, { recursive: true, filter: (source) => !skipped.has(source) });
    const file = path.join(copy, change.file);
    const source = readFileSync(file, 'utf8');
    if (!source.includes(change.from)) throw new Error(`${change.file} não contém "${change.from}"`);
    writeFileSync(file, source.replace(change.from, change.to));
    await run(process.execPath, [path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--config', path.join(__dirname, 'remote-copy.webpack.config.js'), '--mode', 'production'], {
      cwd: ROOT,
      env: { ...process.env, REMOTE_NAME: name, REMOTE_COPY_DIR: copy },
    });
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/** Deploys the remote as the working tree has it (`npm run build -w <package>`, as its team would). */
export async function deployRemote(name: FrontendName): Promise<void> {
  await run('npm', ['run', 'build', '-w', FRONTENDS[name]!.dir], { cwd: ROOT });
}
