// `npm run test:mongo -w api`: the API suites against a MongoDB-protocol server instead of the
// embedded store; each test app uses its own throwaway database (test/helpers/app.ts).
//   With MONGODB_URI: that server (a real MongoDB: Atlas, a replica set, a local mongod).
//   Without: FerretDB 1.24 on SQLite in a temporary folder (scripts/ferretdb.mjs), built with Go if
//   it is not installed yet.
// On FerretDB, the tests named in test/ferretdb-gaps.cjs (each one a documented FerretDB limitation)
// are left out and listed; on any other server everything runs. Extra arguments go to Jest.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFerretDB } from '../../scripts/ferretdb.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(apiDir, 'package.json'));
const { FERRETDB_GAPS } = require('./test/ferretdb-gaps.cjs');

/**
 * Suites that never open a database of the app (the embedded store's own tests, types, config,
 * pure functions): they would run exactly as in `npm test`.
 */
const WITHOUT_STORE = ['test/embedded-store.test.ts', 'test/store-types.test.ts', 'test/iso-date-time.test.ts', 'test/architecture.test.ts', 'test/config.test.ts'];
/** The model-based billing suite: fewer generated histories than `npm test`'s 60 (each step is a few round trips more). */
const BILLING_MODEL_RUNS = process.env.BILLING_MODEL_RUNS ?? '20';

const hide = (uri) => uri.replace(/\/\/[^@/]*@/, '//***@');

/** What the server says it is: FerretDB answers `buildInfo` with `ferretdbVersion`. */
async function describeServer(uri) {
  const { MongoClient } = require('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    const info = await client.db('admin').command({ buildInfo: 1 });
    return info.ferretdbVersion ? { ferretdb: true, name: `FerretDB ${info.ferretdbVersion} (compatível com MongoDB ${info.version})` } : { ferretdb: false, name: `MongoDB ${info.version}` };
  } catch (error) {
    throw new Error(`não foi possível conectar a ${hide(uri)} em 5 s: ${error.message}`);
  } finally {
    await client.close().catch(() => {});
  }
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function runJest(uri, extraArgs, excluded, report) {
  // --forceExit: a suite whose beforeAll fails leaves its app (and its MongoClient) open, and Jest
  // would wait for it forever; the server is stopped right after anyway.
  const args = [require.resolve('jest/bin/jest'), '--config', path.join(apiDir, 'jest.config.js'), '--ci', '--forceExit', '--json', '--outputFile', report];
  // Two workers: most of the time is the server's, so two suites at once keep both cores busy.
  args.push('--maxWorkers=2');
  args.push('--testPathIgnorePatterns', ...WITHOUT_STORE.map((file) => `/${escape(file)}$`));
  // Jest matches the pattern against "<describe> <test>"; a negative lookahead leaves out exactly these names.
  if (excluded.length) args.push('--testNamePattern', `^(?!(?:${excluded.map((gap) => escape(gap.test)).join('|')})$)`);
  args.push(...extraArgs);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: apiDir,
      stdio: 'inherit',
      env: { ...process.env, TEST_MONGODB_URI: uri, BILLING_MODEL_RUNS },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

let ferretdb = null;
let code = 1;
const stop = async () => {
  await ferretdb?.stop();
  ferretdb = null;
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));
process.on('SIGTERM', () => void stop().then(() => process.exit(143)));
try {
  let uri = process.env.MONGODB_URI;
  if (!uri) {
    ferretdb = await startFerretDB({ log: (line) => console.log(`test:mongo: ${line}`) });
    uri = ferretdb.uri;
  }
  const server = await describeServer(uri);
  const excluded = server.ferretdb ? FERRETDB_GAPS : [];
  console.log(`test:mongo: suítes da API contra ${server.name} em ${hide(uri)}; modelo de cobrança com ${BILLING_MODEL_RUNS} históricos.`);
  for (const gap of excluded) console.log(`test:mongo: fora no FerretDB — ${gap.file}: "${gap.test}" (${gap.limitation}; ${gap.source})`);
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'clube-test-mongo-')), 'jest.json');
  code = await runJest(uri, process.argv.slice(2), excluded, report);
  // Every entry of the list must still name a test (a renamed test would otherwise run nowhere).
  const suites = JSON.parse(readFileSync(report, 'utf8')).testResults;
  const ran = (gap) => suites.find((suite) => suite.name.endsWith(`/${gap.file}`));
  const wholeRun = !process.argv.slice(2).some((arg) => !arg.startsWith('-')); // no file or pattern given
  const stale = excluded.filter((gap) => (ran(gap) ? !ran(gap).assertionResults.some((test) => test.fullName === gap.test) : wholeRun));
  for (const gap of stale) console.error(`test:mongo: a entrada de test/ferretdb-gaps.cjs não corresponde a nenhum teste: "${gap.test}" (${gap.file})`);
  if (stale.length && code === 0) code = 1;
  rmSync(path.dirname(report), { recursive: true, force: true });
} catch (error) {
  console.error(`test:mongo: ${error.message}`);
  code = 1;
} finally {
  await stop();
}
process.exit(code);
