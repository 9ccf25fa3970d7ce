// `npm run size`: gzipped JavaScript a visitor downloads, per deployment, from the production build,
// each figure printed with its budget (scripts/budgets.cjs):
//   shell   — JS before first paint: every chunk but the on-demand ones (Firebase, PostHog) ≤ 160 kB
//   remotes — remoteEntry.js + the chunks of the exposed routes module (the first route) ≤ 50 kB,
//             and any single route chunk ≤ 80 kB
// Fails when a budget is exceeded, or when a shared singleton is bundled in more than one
// deployment (React lives in the shell only; production remotes consume it with `import: false`),
// or when an entry file (main.js, remoteEntry.js, and their .gz/.br) lacks V8's compile hint.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import frontends from './frontends.cjs';

const { ROOT, FRONTENDS } = frontends;
const require = (await import('node:module')).createRequire(import.meta.url);
const { SHARED_SINGLETONS, ON_DEMAND_CHUNKS, isExposedRoutesChunk, COMPILE_HINT, compileHintFiles } = require('../webpack.shared.js');
const budgets = require('./budgets.cjs');

const gz = (file) => gzipSync(readFileSync(file)).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const rows = [];
/** Remotes' lazily loaded pages (chunks named `page-…`): entry + routes module + the page's chunks. */
const routeRows = [];
const ON_DEMAND = new Set(ON_DEMAND_CHUNKS);
const lazyRows = [];
const copies = new Map(SHARED_SINGLETONS.map((name) => [name, []]));
/** Entry files served without V8's compile hint (CompileHintsPlugin), as sent: plain, .gz or .br. */
const unhinted = [];

/** The package a module path belongs to, e.g. ".../node_modules/react-dom/cjs/x.js" → "react-dom". */
function ownerPackage(moduleName) {
  if (!moduleName) return null;
  // `@clube/platform/data` (data.ts, api/typed-api.ts, api/catalogue.ts, paginated-query.ts) and
  // `@clube/platform/subscription-words` are stateless and meant to be bundled by each user.
  if (/packages\/platform\/src\/(data|api\/typed-api|api\/catalogue|paginated-query)\.ts/.test(moduleName)) return '@clube/platform/data';
  if (moduleName.includes('packages/platform/src/subscription-words.ts')) return '@clube/platform/subscription-words';
  if (moduleName.includes('packages/platform/src/')) return '@clube/platform';
  // The provided react-router-dom is a subset of react-router (shell/src/shared/react-router-dom.ts).
  if (moduleName.includes('src/shared/react-router-dom.ts')) return 'react-router-dom';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(moduleName);
  return match?.[1] === 'react-router' ? 'react-router-dom' : (match?.[1] ?? null);
}

for (const [name, { dir }] of Object.entries(FRONTENDS)) {
  const dist = path.join(ROOT, dir, 'dist');
  const statsFile = path.join(dist, 'stats.json');
  if (!existsSync(statsFile)) {
    console.error(`Sem build de produção em ${dir}/dist. Rode "npm run build" antes.`);
    process.exit(1);
  }
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
  rows.push(...budgets.measure({ name, stats, sizeOf: (file) => gz(path.join(dist, file)) }));
  if (name === 'shell') {
    const onDemand = stats.chunks.filter((chunk) => chunk.names.some((n) => ON_DEMAND.has(n))).flatMap((chunk) => chunk.files);
    for (const file of onDemand) if (file.endsWith('.js')) lazyRows.push([file, gz(path.join(dist, file))]);
  } else {
    const routeChunks = stats.chunks.filter(isExposedRoutesChunk);
    const files = ['remoteEntry.js', ...routeChunks.flatMap((chunk) => chunk.files).filter((file) => file.endsWith('.js'))];
    const entryBytes = files.reduce((sum, file) => sum + gz(path.join(dist, file)), 0);
    for (const [group, { chunks = [] }] of Object.entries(stats.namedChunkGroups ?? {})) {
      if (!group.startsWith('page-')) continue;
      const pageFiles = stats.chunks.filter((chunk) => chunks.includes(chunk.id)).flatMap((chunk) => chunk.files).filter((file) => file.endsWith('.js') && !files.includes(file));
      routeRows.push([name, group.slice('page-'.length), entryBytes + pageFiles.reduce((sum, file) => sum + gz(path.join(dist, file)), 0)]);
    }
  }

  for (const file of compileHintFiles(name === 'shell')) {
    const sent = [
      [file, (bytes) => bytes],
      [`${file}.gz`, gunzipSync],
      [`${file}.br`, brotliDecompressSync],
    ];
    for (const [served, decode] of sent) {
      const full = path.join(dist, served);
      if (existsSync(full) && !decode(readFileSync(full)).toString('utf8', 0, COMPILE_HINT.length).startsWith(COMPILE_HINT)) unhinted.push(`${dir}/dist/${served}`);
    }
  }

  // Real source modules only: "consume/provide shared module" entries merely point at them.
  const bundled = new Set(
    stats.chunks.flatMap((chunk) => chunk.modules.filter((m) => m && !/shared module|^remote /.test(m)).map(ownerPackage)),
  );
  for (const pkg of bundled) if (copies.has(pkg)) copies.get(pkg).push(name);
}

console.log('JavaScript (gzip) / orçamento');
for (const line of budgets.report(rows)) console.log(line);
for (const [file, bytes] of lazyRows) console.log(`  sob demanda (fora do orçamento inicial): ${file} ${kb(bytes)}`);

if (routeRows.length) {
  console.log('\nEntrada do remote + uma rota (gzip; páginas em chunks "page-…")');
  for (const [name, page, bytes] of routeRows) console.log(`  ${name.padEnd(8)} ${page.padEnd(14)} ${kb(bytes).padStart(9)}`);
}

console.log('\nSingletons compartilhados (em quais deployments o código está)');
let duplicated = false;
for (const [pkg, where] of copies) {
  const status = where.length === 1 ? 'ok' : where.length === 0 ? 'AUSENTE' : 'DUPLICADO';
  if (where.length !== 1) duplicated = true;
  console.log(`  ${pkg.padEnd(22)} ${String(where.length).padStart(2)}×  ${status.padEnd(9)} ${where.join(', ')}`);
}
if (duplicated) console.error('\nCada singleton deve estar em exatamente um deployment (o shell); os remotes o consomem.');
const over = rows.filter((row) => !row.ok);
if (over.length) console.error(`\n${over.length} orçamento(s) estourado(s): ${over.map((row) => `${row.frontend} ${row.what}`).join('; ')}`);
console.log(`\nDica de compilação do V8 nas entradas: ${unhinted.length ? `FALTA em ${unhinted.join(', ')}` : 'ok'}`);
if (unhinted.length) console.error('Sem a dica, o Chromium compila as funções da entrada na thread principal, uma a uma (CompileHintsPlugin).');
if (duplicated || over.length || unhinted.length) process.exit(1);
