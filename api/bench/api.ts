/**
 * npm run bench -w api (or npm run bench:api at the root): in one run, autocannon against a
 * bare Fastify hello-world and against an authenticated GET /v1/users/provider/{uid} (the call
 * the shell makes on every load), both on loopback, then req/s, p99 and their ratio.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { REPO_ROOT, testConfig } from '../src/config';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Emulator {
  host: string;
  stop(): Promise<void>;
}

async function ensureEmulator(): Promise<Emulator> {
  const modulePath = pathToFileURL(path.join(REPO_ROOT, 'scripts', 'emulator.mjs')).href;
  const { startAuthEmulator } = (await import(modulePath)) as {
    startAuthEmulator(options?: { projectId?: string }): Promise<Emulator>;
  };
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const emulator = await startAuthEmulator({ projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-clube' });
  if (existing && existing !== emulator.host) throw new Error(`FIREBASE_AUTH_EMULATOR_HOST=${existing} não responde`);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return emulator;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('sem endereço');
  return `http://127.0.0.1:${address.port}`;
}

async function signUp(host: string): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@bench.clube.local`, password: 'Bench#2026', returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  if (non2xx > 0) throw new Error(`${title}: ${non2xx} respostas não-2xx/erros durante a medição`);
  return { title, rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const emulator = await ensureEmulator();
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  const api = await buildApp({ config: testConfig({ logLevel: 'silent' }), logger: false });
  try {
    const helloUrl = await listen(hello);
    const apiUrl = await listen(api);
    const account = await signUp(emulator.host);
    const created = await fetch(`${apiUrl}/v1/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    if (created.status !== 201) throw new Error(`POST /v1/users respondeu ${created.status}`);

    console.log(`autocannon: ${CONNECTIONS} conexões, ${DURATION_SECONDS} s cada, loopback, armazenamento embutido em memória\n`);
    const bare = await measure('Fastify hello-world', `${helloUrl}/`);
    const real = await measure('GET /v1/users/provider/{uid} autenticado', `${apiUrl}/v1/users/provider/${account.uid}`, {
      authorization: `Bearer ${account.idToken}`,
    });
    const rows = [bare, real].map((row) => ({
      cenário: row.title,
      'req/s': Math.round(row.rps),
      'p99 (ms)': row.p99,
    }));
    console.table(rows);
    console.log(
      `razão API/hello-world: req/s ${(real.rps / bare.rps).toFixed(3)} (${((real.rps / bare.rps) * 100).toFixed(1)}%), ` +
        `p99 ${(real.p99 / Math.max(bare.p99, 1)).toFixed(2)}×`,
    );
  } finally {
    await api.close();
    await hello.close();
    await emulator.stop();
  }
}

main().catch((error: unknown) => {
  console.error('bench falhou:', error instanceof Error ? error.message : error);
  process.exit(1);
});
