// Shared by the scripts that start the product to measure it (`npm run lighthouse`, `npm run bench:interaction`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import frontends from './frontends.cjs';

const { REMOTES, ROOT } = frontends;

/**
 * All ports from one base N read in `variable`: shell N, remotes N+1…N+4 (registry order), API N+5,
 * then each of `extra` (variable names) N+6, N+7… Set in process.env, which `npm start`
 * (scripts/start.mjs) inherits. Does nothing when the variable is not set.
 */
export function portsFromBase(variable, extra = []) {
  const value = process.env[variable];
  if (!value) return;
  const base = Number(value);
  if (!Number.isInteger(base) || base < 1024 || base > 65000) {
    console.error(`${variable} inválida: ${value} (use um número entre 1024 e 65000).`);
    process.exit(1);
  }
  const api = base + 1 + REMOTES.length;
  Object.assign(process.env, {
    PORT: String(base),
    ...Object.fromEntries(REMOTES.map((name, index) => [`REMOTE_${name.toUpperCase()}_PORT`, String(base + 1 + index)])),
    API_PORT: String(api),
    ...Object.fromEntries(extra.map((name, index) => [name, String(api + 1 + index)])),
  });
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 120000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      /* not up yet */
    }
    await delay(500);
  }
  throw new Error(`${url} não respondeu em ${timeoutMs / 1000} s.`);
}

/** The product as `npm start --no-build` runs it (its own output hidden, errors shown), with `env`. */
export function startProduct(env = process.env) {
  return spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Stops what startProduct started (SIGTERM: it stops its servers) and waits for it. */
export async function stopProduct(product) {
  if (!product || product.exitCode !== null) return;
  const stopped = new Promise((resolve) => product.once('exit', resolve));
  product.kill('SIGTERM');
  await stopped;
}
