import './env';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT, startStack, type Stack } from './stack';

declare global {
  var __CLUBE_STACK__: Stack | undefined;
  var __CLUBE_FERRETDB__: ChildProcess | undefined;
}

/**
 * FerretDB through `node scripts/ferretdb.mjs` (a temporary SQLite folder; it is built with Go first
 * if missing, hence the long wait), which prints the URI and cleans up on SIGTERM.
 */
function startFerretDB(timeoutMs = 15 * 60_000): Promise<{ uri: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'ferretdb.mjs')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`O FerretDB não ficou pronto em ${timeoutMs / 60_000} min.\n${output}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const uri = /MONGODB_URI=(\S+)/.exec(output)?.[1];
      if (uri) {
        clearTimeout(timer);
        resolve({ uri, child });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`O FerretDB terminou (código ${code}) antes de ficar pronto.\n${output}`));
    });
  });
}

/** The browser suite's stack on a MongoDB-protocol server: E2E_MONGODB_URI, else a FerretDB started here. */
export default async function globalSetup(): Promise<void> {
  if (!process.env.E2E_MONGODB_URI) {
    const { uri, child } = await startFerretDB();
    globalThis.__CLUBE_FERRETDB__ = child;
    process.env.E2E_MONGODB_URI = uri;
  }
  globalThis.__CLUBE_STACK__ = await startStack();
}
