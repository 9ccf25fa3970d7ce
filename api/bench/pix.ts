/**
 * npm run bench:pix -w api: one member floods GET /subscriptions/{id}/pixQRCode (BENCH_CONNECTIONS,
 * default 50) while another client reads GET /v1/plans (5 connections); prints the /plans
 * latency alone and during the flood, with the per-member limit of expensive reads on (the
 * default, 30 a minute) and off, and what the flood got (200 / 429). Figures only: no goal is
 * asserted here.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { buildApp, type App } from '../src/app';
import { REPO_ROOT } from '../src/config';
import { testConfig } from '../test/helpers/test-config';
import { seedPlans } from '../src/seed/plans';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Emulator {
  host: string;
  stop(): Promise<void>;
}

async function ensureEmulator(): Promise<Emulator> {
  const modulePath = pathToFileURL(path.join(REPO_ROOT, 'scripts', 'emulator.mjs')).href;
  const { startAuthEmulator } = (await import(modulePath)) as { startAuthEmulator(options?: { projectId?: string }): Promise<Emulator> };
  const emulator = await startAuthEmulator({ projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-clube' });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return emulator;
}

async function signUp(host: string): Promise<string> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-pix-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.clube.local`, password: 'Bench#2026', returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

async function start(expensiveReadLimit: number): Promise<{ app: App; url: string }> {
  const app = await buildApp({ config: testConfig({ logLevel: 'silent', expensiveReadLimit }), logger: false });
  await seedPlans(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('sem endereço');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

async function memberWithPix(url: string, token: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await fetch(`${url}/v1/users`, { method: 'POST', headers: auth, body: '{}' });
  const plans = (await (await fetch(`${url}/v1/plans`)).json()) as { data: { _id: string }[] };
  const sub = await fetch(`${url}/v1/subscriptions`, { method: 'POST', headers: auth, body: JSON.stringify({ planId: plans.data[0]!._id, paymentMethod: 'PIX' }) });
  return ((await sub.json()) as { _id: string })._id;
}

const plansLoad = (url: string) => autocannon({ url: `${url}/v1/plans`, connections: 5, duration: DURATION_SECONDS });

async function scenario(label: string, limit: number, emulatorHost: string) {
  const { app, url } = await start(limit);
  try {
    const token = await signUp(emulatorHost);
    const subId = await memberWithPix(url, token);
    const alone = await plansLoad(url);
    const [during, flood] = await Promise.all([
      plansLoad(url),
      autocannon({ url: `${url}/v1/subscriptions/${subId}/pixQRCode`, connections: CONNECTIONS, duration: DURATION_SECONDS, headers: { authorization: `Bearer ${token}` } }),
    ]);
    return {
      cenário: label,
      '/plans p50 só (ms)': alone.latency.p50,
      '/plans p99 só (ms)': alone.latency.p99,
      '/plans p50 na enxurrada (ms)': during.latency.p50,
      '/plans p99 na enxurrada (ms)': during.latency.p99,
      'pixQRCode 200': flood['2xx'],
      'pixQRCode 429': flood.non2xx,
    };
  } finally {
    await app.close();
  }
}

async function main() {
  const emulator = await ensureEmulator();
  try {
    console.log(`autocannon: ${CONNECTIONS} conexões de um membro em pixQRCode + 5 em GET /v1/plans, ${DURATION_SECONDS} s, loopback\n`);
    const rows = [
      await scenario('limite por membro (30/min, padrão)', 30, emulator.host),
      await scenario('sem limite (QR renderizado uma vez por payload)', 1_000_000_000, emulator.host),
    ];
    console.table(rows);
  } finally {
    await emulator.stop();
  }
}

main().catch((error: unknown) => {
  console.error('bench falhou:', error instanceof Error ? error.message : error);
  process.exit(1);
});
