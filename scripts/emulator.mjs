// Starts (or reuses) the Firebase Auth emulator used by `npm start`, the tests and the bench.
// Import `startAuthEmulator()` from code, or run `node scripts/emulator.mjs` and stop it with Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runUntilSignal } from './run-until-signal.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_PORT = 9099;

/** The port asked for in FIREBASE_AUTH_EMULATOR_PORT (9099 without it); a value that is not a port stops the start with a message. */
export function emulatorPortFromEnv(env = process.env) {
  const value = env.FIREBASE_AUTH_EMULATOR_PORT;
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`FIREBASE_AUTH_EMULATOR_PORT deve ser uma porta entre 1 e 65535 (recebido: "${value}").`);
  }
  return port;
}

/** Answers true when an Auth emulator (not just any server) listens on host:port. */
export async function isAuthEmulatorUp(host, timeoutMs = 1000) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return false;
    const body = await response.json();
    return Boolean(body && body.authEmulator);
  } catch {
    return false;
  }
}

function configFor(port) {
  if (port === DEFAULT_PORT) return path.join(repoRoot, 'firebase.json');
  // The CLI reads the port from firebase.json only, so a non-default port gets its own copy.
  const dir = mkdtempSync(path.join(tmpdir(), 'clube-emulator-'));
  const file = path.join(dir, 'firebase.json');
  writeFileSync(
    file,
    JSON.stringify({
      emulators: { auth: { host: '127.0.0.1', port }, ui: { enabled: false }, singleProjectMode: true },
    }),
  );
  return file;
}

/**
 * @param {{ projectId?: string, port?: number, timeoutMs?: number, dataDir?: string, quiet?: boolean }} [options]
 *   dataDir: when set, accounts are imported from it at start and exported to it on a clean stop.
 * @returns {Promise<{ host: string, projectId: string, reused: boolean, stop(): Promise<void> }>}
 */
export async function startAuthEmulator({
  projectId = 'demo-clube',
  port = DEFAULT_PORT,
  timeoutMs = 60_000,
  dataDir,
  quiet = true,
} = {}) {
  const host = `127.0.0.1:${port}`;
  if (await isAuthEmulatorUp(host)) {
    return { host, projectId, reused: true, stop: async () => {} };
  }

  const bin = path.join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'firebase.cmd' : 'firebase');
  if (!existsSync(bin)) {
    throw new Error(`firebase-tools não encontrado em ${bin}. Rode "npm install" na raiz do repositório.`);
  }
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFor(port)];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(path.join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }

  const child = spawn(bin, args, {
    cwd: repoRoot,
    detached: true, // own process group, so stop() also ends the Java-free node children
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
    if (!quiet) process.stdout.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      return;
    }
    const killed = await Promise.race([exitPromise.then(() => true), delay(15_000).then(() => false)]);
    if (!killed) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await exitPromise;
    }
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(
        `O emulador do Firebase Auth terminou antes de ficar pronto (código ${exited.code}).\n${output}`,
      );
    }
    if (await isAuthEmulatorUp(host)) {
      return { host, projectId, reused: false, stop };
    }
    await delay(250);
  }
  await stop();
  throw new Error(
    `O emulador do Firebase Auth não respondeu em ${host} após ${Math.round(timeoutMs / 1000)} s.\n${output}`,
  );
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const isCli = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isCli) {
  try {
    const port = emulatorPortFromEnv();
    const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-clube';
    const started = Date.now();
    const emulator = await startAuthEmulator({ port, projectId, quiet: true });
    const how = emulator.reused ? 'já estava rodando; reutilizando' : `pronto em ${((Date.now() - started) / 1000).toFixed(1)} s`;
    console.log(`Emulador do Firebase Auth ${how}: http://${emulator.host} (projeto ${projectId}).`);
    console.log(`Use FIREBASE_AUTH_EMULATOR_HOST=${emulator.host}. Ctrl-C para parar.`);
    if (!emulator.reused) runUntilSignal(() => emulator.stop());
  } catch (error) {
    // The message is for a person (a port that is not one, an emulator that did not start): no stack.
    console.error(`Não foi possível iniciar o emulador: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
