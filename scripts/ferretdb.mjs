// FerretDB 1.24 (a MongoDB-wire-protocol server, Apache 2.0) for the API's MongoDB pass: finds the
// `ferretdb` binary or builds it with Go, then starts it on a free loopback port with the SQLite
// backend in a temporary folder, which is removed when it stops.
//   From code: `const db = await startFerretDB(); … db.uri … await db.stop();`
//   As a command: `node scripts/ferretdb.mjs` (prints the URI, Ctrl-C stops and cleans up),
//   `node scripts/ferretdb.mjs --install` (only find or build the binary), `--port N`.
//
// Why not a bare `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2`: the binary it
// produces panics at start ("Invalid build/version/version.txt file content"): FerretDB reads its
// version from build/version/version.txt, which its build tasks generate from git and which is not
// in the Go module (FerretDB issue #2982). So the same module version is downloaded through the Go
// module proxy (checked against the checksum database, as `go install` does), copied, given that
// file, and `go install`ed from the copy with the flags of FerretDB's own release build
// (build/ferretdb/production.Dockerfile: CGO_ENABLED=0, -trimpath).
import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, cpSync, chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runUntilSignal } from './run-until-signal.mjs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
export const FERRETDB_VERSION = 'v1.24.2';

const run = promisify(execFile);
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** `go` on the PATH or in the usual install folder, or null. */
export function findGo() {
  return onPath('go') ?? (isExecutable('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : null);
}

async function goEnv(go, name) {
  const { stdout } = await run(go, ['env', name]);
  return stdout.trim();
}

/** The version a binary reports (`version: v1.24.2`), or null when it does not run (the panicking `go install` build). */
async function versionOf(binary) {
  try {
    const { stdout } = await run(binary, ['--version'], { timeout: 10_000 });
    return /^version:\s*(\S+)/m.exec(stdout)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * The first working ferretdb of the pinned version: FERRETDB_BIN, the PATH, then `$(go env GOBIN)` or
 * `$(go env GOPATH)/bin`. Returns `{ binary, version }` or `{ binary: null, reason }` (in Portuguese).
 */
export async function findFerretDB() {
  const go = findGo();
  const candidates = [process.env.FERRETDB_BIN, onPath('ferretdb')];
  if (go) {
    const gobin = await goEnv(go, 'GOBIN').catch(() => '');
    const gopath = await goEnv(go, 'GOPATH').catch(() => '');
    if (gobin) candidates.push(path.join(gobin, 'ferretdb'));
    for (const dir of gopath.split(path.delimiter).filter(Boolean)) candidates.push(path.join(dir, 'bin', 'ferretdb'));
  }
  const seen = [];
  for (const binary of [...new Set(candidates.filter(Boolean))]) {
    if (!isExecutable(binary)) continue;
    const version = await versionOf(binary);
    if (version === FERRETDB_VERSION) return { binary, version };
    seen.push(`${binary} (${version ?? 'não executa'})`);
  }
  const found = seen.length ? ` Encontrados, mas não servem: ${seen.join(', ')}.` : '';
  return { binary: null, go, reason: go ? `ferretdb ${FERRETDB_VERSION} não está instalado.${found}` : `Go não está instalado e ferretdb ${FERRETDB_VERSION} não foi encontrado.${found}` };
}

/**
 * Builds ferretdb with Go into `$(go env GOBIN)` / `$(go env GOPATH)/bin` (see the header for why it
 * is not a bare `go install …@v1.24.2`). 2–4 minutes on two cores the first time; Go's module
 * and build caches make a repeat fast. Reaches only GOPROXY (and GOSUMDB for the FerretDB module).
 */
export async function installFerretDB({ log = (line) => console.log(line) } = {}) {
  const go = findGo();
  if (!go) throw new Error(`Go não está instalado: é preciso Go (≥ 1.24, ou um que baixe essa toolchain) para instalar o FerretDB ${FERRETDB_VERSION}.`);
  const started = Date.now();
  const env = { ...process.env, CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' };
  log(`FerretDB: baixando ${FERRETDB_MODULE}@${FERRETDB_VERSION} pelo proxy de módulos do Go (${await goEnv(go, 'GOPROXY')}; soma conferida em ${await goEnv(go, 'GOSUMDB')})…`);
  const { stdout } = await run(go, ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], { env, maxBuffer: 1 << 20 });
  const module = JSON.parse(stdout);
  if (module.Error) throw new Error(`go mod download: ${module.Error}`);
  const work = mkdtempSync(path.join(tmpdir(), 'clube-ferretdb-build-'));
  try {
    const source = path.join(work, 'FerretDB');
    cpSync(module.Dir, source, { recursive: true });
    makeWritable(source);
    // What FerretDB's `bin/task gen-version` writes from git; the module's own metadata gives the commit.
    writeFileSync(path.join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    if (module.Origin?.Hash) writeFileSync(path.join(source, 'build', 'version', 'commit.txt'), `${module.Origin.Hash}\n`);
    writeFileSync(path.join(source, 'build', 'version', 'package.txt'), 'clube-go-install\n');
    log(`FerretDB: compilando (go install -trimpath ./cmd/ferretdb, CGO_ENABLED=0)…`);
    // Dependencies are checked against the module's own go.sum (itself covered by the checksum above).
    await run(go, ['install', '-trimpath', './cmd/ferretdb'], { cwd: source, env, maxBuffer: 16 << 20 });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const found = await findFerretDB();
  if (!found.binary) throw new Error(`O FerretDB foi compilado, mas não foi encontrado depois: ${found.reason}`);
  log(`FerretDB ${found.version} instalado em ${found.binary} (${((Date.now() - started) / 1000).toFixed(0)} s).`);
  return found;
}

function makeWritable(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(file);
    else chmodSync(file, 0o644);
  }
}

/** A free loopback port the OS hands out (closed again at once). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts FerretDB (SQLite backend, temporary folder, telemetry off, no debug/metrics listener).
 * @param {{ port?: number, install?: boolean, timeoutMs?: number, logLevel?: string, log?: (line: string) => void }} [options]
 *   install: build it with Go when it is missing (default true).
 * @returns {Promise<{ uri: string, port: number, binary: string, version: string, dataDir: string, stop(): Promise<void> }>}
 */
export async function startFerretDB({
  port,
  install = true,
  timeoutMs = 30_000,
  logLevel = process.env.FERRETDB_LOG_LEVEL ?? 'error',
  log = (line) => console.log(line),
} = {}) {
  let found = await findFerretDB();
  if (!found.binary) {
    if (!install || !found.go) throw new Error(found.reason);
    found = await installFerretDB({ log });
  }
  const listenPort = port ?? (Number(process.env.FERRETDB_PORT) || (await freePort()));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clube-ferretdb-'));
  const child = spawn(
    found.binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dataDir}/`,
      `--state-dir=${dataDir}`,
      `--listen-addr=127.0.0.1:${listenPort}`,
      '--debug-addr=-',
      '--telemetry=disable',
      `--log-level=${logLevel}`,
    ],
    { cwd: dataDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DO_NOT_TRACK: '1' } },
  );
  let output = '';
  const collect = (chunk) => (output = (output + chunk.toString()).slice(-16_000));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));
  // A parent that exits without stop() (an uncaught error) still takes the server with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killOnExit);
    if (!exited) {
      child.kill('SIGTERM');
      if (!(await Promise.race([exit.then(() => true), delay(10_000).then(() => false)]))) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`O FerretDB terminou antes de ficar pronto (código ${exited.code ?? exited.signal}).\n${output}`);
    }
    if (await accepts(listenPort)) {
      return { uri: `mongodb://127.0.0.1:${listenPort}/`, port: listenPort, binary: found.binary, version: found.version, dataDir, stop };
    }
    await delay(100);
  }
  await stop();
  throw new Error(`O FerretDB não aceitou conexões em 127.0.0.1:${listenPort} após ${timeoutMs / 1000} s.\n${output}`);
}

const isCli = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isCli) {
  const args = process.argv.slice(2);
  try {
    if (args.includes('--install')) {
      const found = await findFerretDB();
      if (found.binary) console.log(`FerretDB ${found.version} já instalado: ${found.binary}`);
      else await installFerretDB();
    } else {
      const portIndex = args.indexOf('--port');
      const port = portIndex >= 0 ? Number(args[portIndex + 1]) : undefined;
      const db = await startFerretDB({ ...(port ? { port } : {}) });
      console.log(`FerretDB ${db.version} (SQLite em ${db.dataDir}) pronto: MONGODB_URI=${db.uri}`);
      console.log('Ctrl-C para parar (a pasta é apagada).');
      runUntilSignal(() => db.stop());
    }
  } catch (error) {
    console.error(`ferretdb: ${error.message}`);
    process.exit(1);
  }
}
