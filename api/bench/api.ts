/**
 * npm run bench:api (root) / npm run bench -w api: the API and a bare Fastify hello-world each
 * in its own process, autocannon in a third, same connections and duration for every measurement
 * (BENCH_CONNECTIONS, default 50; BENCH_DURATION in seconds, default 5). Every row is warmed up,
 * then it and hello-world alternate for BENCH_ROUNDS rounds (default 2). A row's figures are its
 * best round (most req/s; lowest p99 of its rounds): on a shared machine noise only ever slows a
 * round down. Its ratios are to hello-world's best of as many rounds, typical over the run (the
 * median over the rows of the best of the rounds beside each: `typicalBest`), so a best of N is
 * compared with a best of N. A control row, hello-world measured as a row, shows what the method
 * gives a server held to itself (~100 %, ~1×).
 * Prints req/s, p50, p99 (from every response time, below the millisecond: load.ts), the server's
 * CPU time per request and whether the row meets #32's target for its kind (the profile, a
 * member's read, the admin's list). A first row, `GET /v1/health`, has no target: the API's floor
 * (no session, no read, every hook), what any request of this process costs before its route's work.
 *
 * Both servers run built (api/scripts/build.mjs into api/.tmp/bench-dist), as `npm run start -w api`
 * runs the API in production: not through tsx.
 * Ports: BENCH_PORT_BASE (default 4200) for hello-world, +1 for the API.
 * Hello-world and every row first get BENCH_WARMUP seconds of their own load, not measured
 * (default 3): a fresh process, or a route not run yet, is still compiling its hot paths.
 * The progress-write row needs `PUT /v1/me/progress/videos/{id}`; while the API answers
 * ROUTE_NOT_FOUND it is skipped with a note. BENCH_PROGRESS_BODY overrides its JSON body.
 * The route allows PROGRESS_REPORTS_PER_MINUTE reports per member, so under load the row
 * would be 429s: the bench checks one report is accepted and says so instead of a figure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../src/config';
import { PROGRESS_REPORTS_PER_MINUTE } from '../src/modules/progress/me-routes';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4200);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
// Extra Node flags for the API process only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (written when it exits).
const API_NODE_ARGS = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
// Only the rows whose title matches (a regular expression; hello-world, the floor and the profile read always run).
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const PROGRESS_BODY = process.env.BENCH_PROGRESS_BODY ?? JSON.stringify({ positionSeconds: 30, durationSeconds: 600 });

interface Emulator {
  host: string;
  stop(): Promise<void>;
}

async function ensureEmulator(): Promise<Emulator> {
  const modulePath = pathToFileURL(path.join(REPO_ROOT, 'scripts', 'emulator.mjs')).href;
  const { startAuthEmulator } = (await import(modulePath)) as {
    startAuthEmulator(options?: { projectId?: string; port?: number }): Promise<Emulator>;
  };
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  // The emulator FIREBASE_AUTH_EMULATOR_HOST names (reused when it answers, else started on its port).
  const port = existing ? Number(existing.split(':').at(-1)) : undefined;
  const emulator = await startAuthEmulator({ projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-clube', ...(port ? { port } : {}) });
  if (existing && existing !== emulator.host) throw new Error(`FIREBASE_AUTH_EMULATOR_HOST=${existing} não responde`);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return emulator;
}

async function signUp(host: string, label: string): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${label}-${Date.now()}-${process.pid}@bench.clube.local`, password: 'Bench#2026', returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

/**
 * The API as production runs it (`npm run start -w api`: the build's JavaScript, source maps on),
 * built here into its own folder so a running `dist/` is left alone; hello-world is built the same way.
 */
const BENCH_BUILD_DIR = path.join('.tmp', 'bench-dist');

async function buildServers(): Promise<string> {
  const modulePath = pathToFileURL(path.join(__dirname, '..', 'scripts', 'build.mjs')).href;
  const { buildApi } = (await import(modulePath)) as { buildApi(outdir: string): Promise<{ outdir: string }> };
  return (await buildApi(BENCH_BUILD_DIR)).outdir;
}

/** Starts a built server script (bench/<name>.js) with the same Node and waits for its `ready {json}` line. */
function startServer(builtDir: string, script: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<{ child: ChildProcess; info: Record<string, unknown> }> {
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, path.join(builtDir, 'bench', script)], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('ready '));
      if (line) resolve({ child, info: JSON.parse(line.slice(6)) as Record<string, unknown> });
    });
    child.on('exit', (code) => reject(new Error(`${script} terminou (código ${code}) antes de ficar pronto`)));
  });
}

interface Row {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  /** CPU time (user + system) of the server process per request, when /proc tells it. */
  cpuMicros: number | undefined;
}

/** utime + stime of a process in microseconds (Linux /proc), or undefined elsewhere. */
function cpuTimeMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100;

interface LoadOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface LoadResult {
  rps: number;
  total: number;
  /** Milliseconds, at the response times' own precision (load.ts). */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** autocannon in its own process (load.ts: its JSON line on stdout), p50/p99 below the millisecond. */
function autocannon(url: string, options: LoadOptions = {}, seconds = DURATION_SECONDS): Promise<LoadResult> {
  const args = ['--import', 'tsx', path.join(__dirname, 'load.ts'), JSON.stringify({ url, connections: CONNECTIONS, duration: seconds, ...options })];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon falhou (${code}): ${err}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult);
    });
  });
}

async function measure(title: string, server: ChildProcess, url: string, options: LoadOptions = {}): Promise<Row> {
  const cpuBefore = cpuTimeMicros(server.pid);
  const result = await autocannon(url, options);
  const cpuAfter = cpuTimeMicros(server.pid);
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${title}: ${failures} respostas não-2xx/erros durante a medição`);
  const requests = result.total;
  const cpuMicros = cpuBefore !== undefined && cpuAfter !== undefined && requests > 0 ? (cpuAfter - cpuBefore) / requests : undefined;
  return { title, rps: result.rps, p50: result.p50, p99: result.p99, cpuMicros };
}

/**
 * What a row is held to (#32): the member's own profile, a member's read, the admin's list; or
 * none ('floor': the API's cheapest route, no session, to tell what every request of this process
 * costs from what a route adds).
 */
type Kind = 'profile' | 'member' | 'admin' | 'floor' | 'control';

interface Scenario {
  title: string;
  url: string;
  options: LoadOptions;
  kind: Kind;
  /** The control row is hello-world itself, measured as a row. */
  server?: 'hello';
}

interface Result {
  scenario: Scenario;
  /** The row's best round (req/s), with the lowest p99 of its rounds. */
  row: Row;
  /** The same of the hello-world rounds measured beside it (the run's best of them is the baseline). */
  hello: Row;
  rounds: [Row, Row][];
}

/** The round with the most req/s, with the lowest p99 and CPU per request of all the rounds (noise only ever adds). */
function bestOf(rounds: Row[]): Row {
  const best = rounds.reduce((a, b) => (b.rps > a.rps ? b : a));
  const cpus = rounds.map((row) => row.cpuMicros).filter((cpu): cpu is number => cpu !== undefined);
  return {
    ...best,
    p50: Math.min(...rounds.map((row) => row.p50)),
    p99: Math.min(...rounds.map((row) => row.p99)),
    cpuMicros: cpus.length > 0 ? Math.min(...cpus) : undefined,
  };
}

/**
 * The baseline the rows are held to: hello-world's best of the same number of rounds as each row
 * had (the rounds measured beside it), typical over the run (the median of those, per figure). A
 * row's figures are its best of BENCH_ROUNDS rounds; comparing them with hello-world's best of
 * every round of the run (33 with 11 rows and 3 rounds) compared a best of 3 with a best of 33, and
 * on a shared host the best of more rounds is lower by itself. The control row shows what the
 * method gives a server held to itself; the old reference is printed beside it.
 */
function typicalBest(results: Result[]): Row {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const cpus = results.map((result) => result.hello.cpuMicros).filter((cpu): cpu is number => cpu !== undefined);
  return {
    title: 'Fastify hello-world',
    rps: median(results.map((result) => result.hello.rps)),
    p50: median(results.map((result) => result.hello.p50)),
    p99: median(results.map((result) => result.hello.p99)),
    cpuMicros: cpus.length > 0 ? median(cpus) : undefined,
  };
}

/** The #32 targets: share of hello-world's req/s and p99 ratio (hello-world: `typicalBest`). */
function judge(kind: Kind, row: Row, hello: Row) {
  const share = row.rps / hello.rps;
  const p99Ratio = row.p99 / hello.p99;
  if (kind === 'profile') return { share, p99Ratio, met: share >= 0.6 && p99Ratio <= 1.5, goal: '≥ 60 %, p99 ≤ 1,5×' };
  if (kind === 'member') return { share, p99Ratio, met: share >= 0.4 && p99Ratio <= 2, goal: '≥ 40 %, p99 ≤ 2×' };
  if (kind === 'floor') return { share, p99Ratio, met: true, goal: 'referência, sem meta' };
  if (kind === 'control') return { share, p99Ratio, met: true, goal: 'controle: ~100 %, ~1×' };
  return { share, p99Ratio, met: share >= 0.25, goal: '≥ 25 %' };
}

async function main() {
  const emulator = await ensureEmulator();
  const servers: ChildProcess[] = [];
  try {
    const admin = await signUp(emulator.host, 'admin');
    const member = await signUp(emulator.host, 'member');
    const builtDir = await buildServers();
    const hello = await startServer(builtDir, 'hello-server.js', { BENCH_PORT: String(PORT_BASE) });
    servers.push(hello.child);
    const api = await startServer(builtDir, 'api-server.js', {
      BENCH_PORT: String(PORT_BASE + 1),
      BENCH_ADMIN_UID: admin.uid,
      BENCH_MEMBER_UID: member.uid,
      NODE_ENV: 'test',
    }, API_NODE_ARGS);
    servers.push(api.child);
    const base = `http://127.0.0.1:${api.info.port as number}/v1`;
    const asMember = { authorization: `Bearer ${member.idToken}` };
    const asAdmin = { authorization: `Bearer ${admin.idToken}` };

    console.log(
      `Node ${process.version} (${process.platform}/${process.arch}), ${new Date().toISOString()}; autocannon: ${CONNECTIONS} conexões, ${DURATION_SECONDS} s por medição, ${ROUNDS} rodadas por linha, cada uma ao lado de uma de hello-world; ` +
        `API (compilada, como em produção), hello-world e autocannon em processos separados; API com armazenamento embutido em memória, logs desligados\n`,
    );
    const notes: string[] = [];
    const helloUrl = `http://127.0.0.1:${hello.info.port as number}/`;
    const scenarios = ([
      // The floor: a route with no session, no store and a 15-byte answer, through every hook of the API.
      // The control: hello-world itself, measured as a row. What it reads other than ~100 % and ~1× is the method's, not the API's.
      { title: 'Fastify hello-world como linha (controle A/A)', url: helloUrl, options: {}, kind: 'control', server: 'hello' },
      { title: 'GET /v1/health (piso da API: sem sessão, sem leitura)', url: `${base}/health`, options: {}, kind: 'floor' },
      { title: 'GET /v1/users/provider/{uid} (membro, o próprio perfil)', url: `${base}/users/provider/${member.uid}`, options: { headers: asMember }, kind: 'profile' },
      { title: 'GET /v1/users?role=USER&isSubscriber=true (admin, 1.002 perfis)', url: `${base}/users?role=USER&isSubscriber=true`, options: { headers: asAdmin }, kind: 'admin' },
      // The member's path through the catalogue and their account (#32): every read they make often.
      ...(
        [
          ['GET /v1/videos (catálogo, membro)', '/videos'],
          ['GET /v1/contents (membro)', '/contents'],
          ['GET /v1/categories (membro)', '/categories'],
          ['GET /v1/banners (membro)', '/banners'],
          [`GET /v1/search?q=${String(api.info.searchTerm)} (membro)`, `/search?q=${encodeURIComponent(String(api.info.searchTerm))}`],
          ['GET /v1/videos/{slug} (membro)', `/videos/${String(api.info.videoSlug)}`],
          ['GET /v1/me/progress (membro, 5 vídeos começados)', '/me/progress'],
          ['GET /v1/subscriptions/{id} (membro, a própria)', `/subscriptions/${String(api.info.subscriptionId)}`],
        ] as const
      ).map(([title, route]): Scenario => ({ title, url: `${base}${route}`, options: { headers: asMember }, kind: 'member' })),
    ] satisfies Scenario[] as Scenario[]).filter((scenario) => scenario.kind === 'profile' || scenario.kind === 'floor' || scenario.kind === 'control' || ONLY === undefined || ONLY.test(scenario.title));

    if (WARMUP_SECONDS > 0) await autocannon(helloUrl, {}, WARMUP_SECONDS);
    // Every row is warmed up (a route's first seconds still compile its hot paths), then it and
    // hello-world alternate for BENCH_ROUNDS rounds; the best round counts (req/s and p99 each: the
    // machine may be shared and noise only ever slows a round down or stretches its tail). Ratios
    // are to hello-world's best of the whole run, not to the rounds beside the row: when those were
    // the noisy ones, the row would read better than it is.
    const results: Result[] = [];
    for (const scenario of scenarios) {
      if (WARMUP_SECONDS > 0) await autocannon(scenario.url, scenario.options, WARMUP_SECONDS);
      const helloRounds: Row[] = [];
      const rowRounds: Row[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        helloRounds.push(await measure('Fastify hello-world', hello.child, helloUrl));
        rowRounds.push(await measure(scenario.title, scenario.server === 'hello' ? hello.child : api.child, scenario.url, scenario.options));
      }
      results.push({ scenario, row: bestOf(rowRounds), hello: bestOf(helloRounds), rounds: rowRounds.map((row, i) => [helloRounds[i]!, row]) });
    }

    const progressUrl = `${base}/me/progress/videos/${String(api.info.videoId)}`;
    const progressHeaders = { ...asMember, 'content-type': 'application/json' };
    const probe = await fetch(progressUrl, { method: 'PUT', headers: progressHeaders, body: PROGRESS_BODY });
    const probeBody = (await probe.json().catch(() => ({}))) as { code?: string };
    if (probe.status === 404 && probeBody.code === 'ROUTE_NOT_FOUND') {
      notes.push('PUT /v1/me/progress/videos/{id} ainda não existe nesta versão da API: linha pulada (volta sozinha quando a rota existir).');
    } else if (probe.status >= 300) {
      notes.push(`PUT /v1/me/progress/videos/{id} respondeu ${probe.status} ${probeBody.code ?? ''} ao corpo ${PROGRESS_BODY}: ajuste BENCH_PROGRESS_BODY; linha pulada.`);
    } else {
      // One member may report PROGRESS_REPORTS_PER_MINUTE times a minute: a load test of this route measures 429s.
      notes.push(
        `PUT /v1/me/progress/videos/{id} aceitou o envio (${probe.status}); sob carga seriam 429 (limite de ${PROGRESS_REPORTS_PER_MINUTE} envios/min por membro): linha sem números.`,
      );
    }

    const baseline = typicalBest(results);
    // The reference before the control row: hello-world's best of every round of the run.
    const helloOverall = bestOf(results.map((result) => result.hello));
    console.table([
      {
        cenário: `${baseline.title} (melhor de ${ROUNDS}, mediana de ${results.length})`,
        'req/s': Math.round(baseline.rps),
        'p50 (ms)': Number(baseline.p50.toFixed(2)),
        'p99 (ms)': Number(baseline.p99.toFixed(2)),
        '% hello': '—',
        'p99 ×': '—',
        'CPU/req (µs)': baseline.cpuMicros === undefined ? '—' : Math.round(baseline.cpuMicros),
        meta: '—',
      },
      ...results.map(({ scenario, row }) => {
        const verdict = judge(scenario.kind, row, baseline);
        return {
          cenário: row.title,
          'req/s': Math.round(row.rps),
          'p50 (ms)': Number(row.p50.toFixed(2)),
          'p99 (ms)': Number(row.p99.toFixed(2)),
          '% hello': `${(verdict.share * 100).toFixed(1)}%`,
          'p99 ×': `${verdict.p99Ratio.toFixed(2)}×`,
          'CPU/req (µs)': row.cpuMicros === undefined ? '—' : Math.round(row.cpuMicros),
          meta: scenario.kind === 'floor' || scenario.kind === 'control' ? verdict.goal : `${verdict.met ? '✓' : '✗'} ${verdict.goal}`,
        };
      }),
    ]);
    console.log(
      `"% hello" = req/s da linha ÷ req/s de referência do hello-world; "p99 ×" = p99 da linha ÷ p99 de referência. Referência: o melhor de ${ROUNDS} rodadas de hello-world (as medidas ao lado de cada linha), mediana das ${results.length} linhas: o melhor de ${ROUNDS} contra o melhor de ${ROUNDS}.`,
    );
    const control = results.find(({ scenario }) => scenario.kind === 'control');
    const oldJudged = results.filter(({ scenario }) => scenario.kind !== 'floor' && scenario.kind !== 'control');
    console.log(
      `referência anterior (o melhor de todas as ${results.length * ROUNDS} rodadas de hello-world: ${Math.round(helloOverall.rps)} req/s, p99 ${helloOverall.p99.toFixed(2)} ms)` +
        (control ? `: o controle A/A daria ${((control.row.rps / helloOverall.rps) * 100).toFixed(1)} % e ${(control.row.p99 / helloOverall.p99).toFixed(2)}×` : '') +
        `; metas atingidas com ela: ${oldJudged.filter(({ scenario, row }) => judge(scenario.kind, row, helloOverall).met).length} de ${oldJudged.length}.`,
    );
    if (ROUNDS > 1) {
      for (const { scenario, rounds } of results) {
        console.log(`rodadas de "${scenario.title}" (hello-world / linha, req/s): ${rounds.map(([a, b]) => `${Math.round(a.rps)} / ${Math.round(b.rps)}`).join('; ')}`);
      }
    }
    for (const note of notes) console.log(`nota: ${note}`);
    const judged = results.filter(({ scenario }) => scenario.kind !== 'floor' && scenario.kind !== 'control');
    const missed = judged.filter(({ scenario, row }) => !judge(scenario.kind, row, baseline).met);
    console.log(
      missed.length === 0
        ? `metas do #32 atingidas em todas as ${judged.length} linhas (perfil ≥ 60 % e p99 ≤ 1,5×; membro ≥ 40 % e p99 ≤ 2×; admin ≥ 25 %)`
        : `metas do #32 NÃO atingidas em ${missed.length} de ${judged.length} linhas: ${missed.map(({ scenario }) => scenario.title).join('; ')}`,
    );
  } finally {
    for (const child of servers) child.kill('SIGTERM');
    await emulator.stop();
  }
}

main().catch((error: unknown) => {
  console.error('bench falhou:', error instanceof Error ? error.message : error);
  process.exit(1);
});
