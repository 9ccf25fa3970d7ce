/**
 * npm run bench:store (root) / npm run bench:store -w api: the embedded store on a temporary
 * data folder with 1k / 10k / 100k user profiles (the real users indexes), median milliseconds
 * per operation. Writes are measured until acknowledged (journal record fdatasync'd) and, apart,
 * the part that holds the event loop. Start-up builds the unique indexes; a non-unique one is
 * sorted by the first query that uses it (its own row). On a busy machine compare the start-up
 * CPU row (user + system time of the process, GC threads included), which waiting does not inflate.
 * updateMany / deleteMany rows: total time, and the longest the event loop was held meanwhile
 * (what any other request could have waited). BENCH_STORE_SIZES=1000,10000 picks the sizes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ObjectId } from 'mongodb';
import { EmbeddedClient } from '../src/store/embedded/embedded-client';
import { USERS_COLLECTIONS, USERS_INDEXES } from '../src/modules/users/collections';
import { ensureIndexes } from '../src/store/indexes';

const SIZES = (process.env.BENCH_STORE_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ROLES = ['USER', 'USER', 'USER', 'ADMIN'];

function user(n: number) {
  const at = new Date(Date.UTC(2025, 0, 1) + n * 60_000);
  return {
    _id: new ObjectId(),
    providerId: `uid-${n}`,
    email: `pessoa${n}@lab${n % 97}.com.br`,
    name: `Pessoa ${n} Silva`,
    role: ROLES[n % ROLES.length],
    subscription: null,
    hasActiveSubscription: n % 3 === 0,
    onboardingCompleted: true,
    laboratory: { name: `Laboratório ${n % 500}`, cnpj: String(10_000_000_000_000 + n) },
    credits: { balance: n % 7, used: n % 5 },
    createdAt: at,
    updatedAt: at,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(times: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = process.hrtime.bigint();
    await run(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

/** Time until the call returns its promise: what every other request waits for. */
async function syncPart(times: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = process.hrtime.bigint();
    const pending = run(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    await pending;
  }
  return median(samples);
}

function open(dir: string) {
  const client = new EmbeddedClient({ dataDir: dir });
  const db = client.db('clube');
  db.loadAll();
  return { client, db, users: db.collection(USERS_COLLECTIONS.users) };
}

async function benchSize(size: number): Promise<Record<string, number>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clube-bench-store-'));
  try {
    let { client, db, users } = open(dir);
    await ensureIndexes(db, USERS_INDEXES);
    for (let start = 0; start < size; start += 1000) {
      await users.insertMany(Array.from({ length: Math.min(1000, size - start) }, (_, k) => user(start + k)));
    }
    await users.compact();
    await client.close();

    const startups: number[] = [];
    const startupCpu: number[] = [];
    const firstPages: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const start = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      ({ client, db, users } = open(dir));
      await ensureIndexes(db, USERS_INDEXES);
      startups.push(Number(process.hrtime.bigint() - start) / 1e6);
      const used = process.cpuUsage(cpu);
      startupCpu.push((used.user + used.system) / 1000);
      const first = process.hrtime.bigint();
      await users.find({ role: 'USER' }).sort({ createdAt: -1, _id: -1 }).limit(10).toArray();
      firstPages.push(Number(process.hrtime.bigint() - first) / 1e6);
      if (i < 2) await client.close();
    }

    const random = (i: number) => (i * 7919) % size;
    const row: Record<string, number> = {};
    row['busca por campo único (providerId)'] = await timed(2000, (i) => users.findOne({ providerId: `uid-${random(i)}` }));
    const listFilter = { role: 'USER', hasActiveSubscription: true };
    row['página da lista com filtro + ordem (índice)'] = await timed(100, () =>
      users.find({ role: 'USER' }).sort({ createdAt: -1, _id: -1 }).skip(20).limit(10).toArray(),
    );
    row['página sem filtro, ordem por createdAt (índice)'] = await timed(100, () =>
      users.find({}).sort({ createdAt: -1, _id: -1 }).skip(20).limit(10).toArray(),
    );
    row['página com dois filtros + ordem'] = await timed(50, () =>
      users.find(listFilter).sort({ createdAt: -1, _id: -1 }).limit(10).toArray(),
    );
    row['contagem com filtro (índice)'] = await timed(100, () => users.countDocuments({ role: 'USER' }));
    row['contagem com dois filtros'] = await timed(20, () => users.countDocuments(listFilter));
    const pattern = /silva 12/i;
    row['busca $or por regex (página + total)'] = await timed(10, () =>
      Promise.all([
        users.find({ $or: [{ name: pattern }, { email: pattern }] }).sort({ createdAt: -1, _id: -1 }).limit(10).toArray(),
        users.countDocuments({ $or: [{ name: pattern }, { email: pattern }] }),
      ]),
    );
    row['insert (até o fdatasync)'] = await timed(200, (i) => users.insertOne(user(size + i)));
    row['insert: laço de eventos ocupado'] = await syncPart(200, (i) => users.insertOne(user(size + 1000 + i)));
    row['update (até o fdatasync)'] = await timed(200, (i) => users.updateOne({ providerId: `uid-${random(i)}` }, { $set: { name: `Nome ${i}` } }));
    row['update: laço de eventos ocupado'] = await syncPart(200, (i) =>
      users.updateOne({ providerId: `uid-${random(i + 3)}` }, { $set: { name: `Outro ${i}` } }),
    );
    const burstStart = process.hrtime.bigint();
    await Promise.all(Array.from({ length: 1000 }, (_, i) => users.insertOne(user(size + 5000 + i))));
    row['1.000 inserts simultâneos, por insert'] = Number(process.hrtime.bigint() - burstStart) / 1e6 / 1000;
    // A quarter of the collection (role ADMIN) in one call: how long, and the longest the event loop waited meanwhile.
    const many = await blocking(() => users.updateMany({ role: 'ADMIN' }, { $set: { updatedAt: new Date() } }));
    row['updateMany de 25% da coleção: total'] = many.total;
    row['updateMany: maior bloqueio do laço de eventos'] = many.longestBlock;
    const removal = await blocking(() => users.deleteMany({ role: 'ADMIN' }));
    row['deleteMany de 25% da coleção: total'] = removal.total;
    row['deleteMany: maior bloqueio do laço de eventos'] = removal.longestBlock;
    row['start-up (snapshot + journal + índices únicos)'] = median(startups);
    row['start-up: CPU do processo (ms)'] = median(startupCpu);
    row['1ª página após a partida (ordena o índice)'] = median(firstPages);
    await client.close();
    return row;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Total time of one call, and the longest stretch the event loop was held meanwhile (perf_hooks, 1 ms resolution). */
async function blocking(run: () => Promise<unknown>): Promise<{ total: number; longestBlock: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const start = process.hrtime.bigint();
  await run();
  const total = Number(process.hrtime.bigint() - start) / 1e6;
  histogram.disable();
  return { total, longestBlock: histogram.max > 0 ? histogram.max / 1e6 : total };
}

function fsyncBaseline(): number {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clube-bench-fsync-')), 'probe');
  const fd = fs.openSync(file, 'a');
  const samples: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const start = process.hrtime.bigint();
    fs.writeSync(fd, 'x'.repeat(400));
    fs.fdatasyncSync(fd);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  fs.closeSync(fd);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return median(samples);
}

async function main() {
  console.log(`Node ${process.version} (${process.platform}/${process.arch}), ${new Date().toISOString()}; pasta temporária em ${os.tmpdir()}`);
  console.log(`write + fdatasync de 400 bytes neste disco (mediana): ${fsyncBaseline().toFixed(2)} ms\n`);
  const results: Record<string, Record<string, number>> = {};
  for (const size of SIZES) results[size.toLocaleString('pt-BR')] = await benchSize(size);
  const operations = Object.keys(Object.values(results)[0]!);
  console.table(
    operations.map((operation) => ({
      'operação (mediana, ms)': operation,
      ...Object.fromEntries(Object.entries(results).map(([size, row]) => [size, Number(row[operation]!.toFixed(3))])),
    })),
  );
}

main().catch((error: unknown) => {
  console.error('bench do armazenamento falhou:', error);
  process.exit(1);
});
