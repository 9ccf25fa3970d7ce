#!/usr/bin/env node
/**
 * npm run build -w api: the API as plain JavaScript in `dist/` (what `npm run start -w api` runs in
 * production, and what `npm run bench:api` measures), one file per source file, same layout
 * (`src/server.ts` → `dist/src/server.js`, with its source map), so paths and stack traces read as
 * in the source. Development (`npm start`, `npm run dev -w api`) and the tests keep running the
 * TypeScript through tsx / swc.
 *
 * Why: tsx compiles each file on load with esbuild's `keepNames`, which wraps every function made
 * at run time in a `__name(fn, "…")` call — closures made per request included — and the CPU
 * profile of a member's read shows it. Built once, nothing of that runs per request.
 *
 * The workspace packages the API uses (@clube/documents: TypeScript, exported as such to the
 * frontends' bundlers) are built beside it, in `dist/node_modules/`, where Node finds them before
 * the workspace's link: the build runs on any Node the project supports, without type stripping.
 *
 * `--outdir <dir>` (relative to api/) builds elsewhere: the bench and the build's own test use it.
 * Types are not checked here (`npm run typecheck` does that).
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.dirname(API_DIR);

/** What production and the bench run: the server, the bench's servers and the test configuration the bench uses. */
const SOURCES = ['src', 'bench', path.join('test', 'helpers', 'test-config.ts')];

function filesUnder(base, relative) {
  const absolute = path.join(base, relative);
  if (statSync(absolute).isFile()) return [relative];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => filesUnder(base, path.join(relative, entry.name)));
}

/** The API's dependencies that are this repository's own packages (`packages/*`). */
function workspacePackages() {
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8'));
  const packagesDir = path.join(REPO_ROOT, 'packages');
  return readdirSync(packagesDir)
    .map((folder) => ({ dir: path.join(packagesDir, folder), manifest: JSON.parse(readFileSync(path.join(packagesDir, folder, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.name in dependencies)
    .map(({ dir, manifest }) => ({ dir, name: manifest.name, manifest }));
}

/** TypeScript sources (not declarations) among the files. */
const isCode = (file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts');

/** One file of JavaScript (CommonJS, with its source map) per source file, in the same layout: the API and its workspace packages alike. */
function transpile(workingDir, entryPoints, outdir, options = {}) {
  return build({
    absWorkingDir: workingDir,
    entryPoints,
    outdir,
    outbase: '.',
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    ...options,
  });
}

/** A workspace package's sources as CommonJS, with its manifest's exports pointing at them. */
async function buildPackage({ dir, manifest }, out) {
  await transpile(dir, filesUnder(dir, 'src').filter((file) => isCode(file) && !file.includes('__tests__')), out);
  const exports = Object.fromEntries(Object.entries(manifest.exports ?? {}).map(([key, target]) => [key, String(target).replace(/\.tsx?$/, '.js')]));
  const { name, version, dependencies } = manifest;
  writeFileSync(path.join(out, 'package.json'), `${JSON.stringify({ name, version, private: true, type: 'commonjs', exports, dependencies }, null, 2)}\n`);
}

export async function buildApi(outdir = 'dist') {
  const started = performance.now();
  const out = path.resolve(API_DIR, outdir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const files = SOURCES.flatMap((source) => filesUnder(API_DIR, source));
  const code = files.filter(isCode);
  await transpile(API_DIR, code, out, {
    // api/tsconfig.json says `preserve` for the type checker; the e-mail templates run as React's automatic runtime.
    jsx: 'automatic',
    tsconfig: path.join(API_DIR, 'tsconfig.json'),
  });
  const packages = workspacePackages();
  for (const pkg of packages) await buildPackage(pkg, path.join(out, 'node_modules', pkg.name));
  // Files the code reads next to itself (the legal texts); the READMEs stay in the source.
  const assets = files.filter((file) => !/\.tsx?$/.test(file) && path.basename(file) !== 'README.md');
  for (const file of assets) cpSync(path.join(API_DIR, file), path.join(out, file));
  return { outdir: out, files: code.length, packages: packages.map((pkg) => pkg.name), assets: assets.length, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--outdir');
  const result = await buildApi(at > 0 ? process.argv[at + 1] : undefined);
  console.log(`API compilada: ${result.files} arquivos (e ${result.packages.join(', ') || 'nenhum pacote do repositório'}) em ${path.relative(process.cwd(), result.outdir) || '.'} (${result.ms} ms)`);
}
