import { backoffDelay } from '../../src/modules/jobs/rules/retry';
import { PermanentJobError } from '../../src/modules/jobs/jobs-service';
import type { JobDocument } from '../../src/modules/jobs/documents';
import { startTestApp, type TestApp } from '../helpers/app';
import { TestClock } from '../helpers/billing';
import { testConfig } from '../helpers/test-config';

const jobsSettings = (overrides: Partial<ReturnType<typeof testConfig>['jobs']> = {}) => ({
  jobs: { ...testConfig().jobs, retryBaseMs: 1000, retryMaxMs: 60_000, maxAttempts: 3, ...overrides },
});

describe('Job runner: retries', () => {
  test('Backoff doubles from the base after each failure and stops at the maximum', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => backoffDelay(attempts, 1000, 10_000))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  test('When a job keeps failing, then it runs again after each backoff and is DEAD after its last attempt, with the error kept; reviving runs it again', async () => {
    const clock = new TestClock('2026-06-01T12:00:00.000Z');
    const t = await startTestApp({ now: clock.now, config: jobsSettings() });
    try {
      let fail = true;
      let runs = 0;
      t.app.jobs.define('test.flaky', async () => {
        runs += 1;
        if (fail) throw new Error('servidor indisponível');
        return { result: { ok: true } };
      });
      const { job } = await t.app.jobs.enqueue({ type: 'test.flaky', payload: {} });
      const read = async () => (await t.app.jobsRepository.findById(job._id)) as JobDocument;

      expect(await t.app.jobs.runDue()).toBe(1);
      expect(await read()).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'servidor indisponível', runAt: new Date('2026-06-01T12:00:01.000Z') });
      // Not due before its backoff.
      expect(await t.app.jobs.runDue()).toBe(0);
      clock.set('2026-06-01T12:00:01.000Z');
      expect(await t.app.jobs.runDue()).toBe(1);
      expect(await read()).toMatchObject({ status: 'PENDING', attempts: 2, runAt: new Date('2026-06-01T12:00:03.000Z') });
      clock.set('2026-06-01T12:00:03.000Z');
      expect(await t.app.jobs.runDue()).toBe(1);
      expect(await read()).toMatchObject({ status: 'DEAD', attempts: 3, lastError: 'servidor indisponível' });
      clock.set('2026-06-02T12:00:00.000Z');
      expect(await t.app.jobs.runDue()).toBe(0);
      expect(runs).toBe(3);

      fail = false;
      expect(await t.app.jobs.revive(job._id)).toMatchObject({ status: 'PENDING', attempts: 0 });
      expect(await t.app.jobs.runDue()).toBe(1);
      expect(await read()).toMatchObject({ status: 'DONE', attempts: 1, result: { ok: true } });
      expect(await t.app.jobs.revive(job._id)).toBeNull();
    } finally {
      await t.close();
    }
  });

  test('When a handler fails in a way no retry can fix, then the job is DEAD at once', async () => {
    const t = await startTestApp({ config: jobsSettings() });
    try {
      t.app.jobs.define('test.broken', async () => {
        throw new PermanentJobError('modelo inválido');
      });
      const { job } = await t.app.jobs.enqueue({ type: 'test.broken', payload: {} });
      await t.app.jobs.runDue();
      expect(await t.app.jobsRepository.findById(job._id)).toMatchObject({ status: 'DEAD', attempts: 1, lastError: 'modelo inválido' });
    } finally {
      await t.close();
    }
  });

  test('When the same event is enqueued twice, then one job is written', async () => {
    const t = await startTestApp({ config: jobsSettings() });
    try {
      t.app.jobs.define('test.once', async () => undefined);
      const first = await t.app.jobs.enqueue({ type: 'test.once', key: 'evento-1', payload: { n: 1 } });
      const second = await t.app.jobs.enqueue({ type: 'test.once', key: 'evento-1', payload: { n: 2 } });
      expect([first.created, second.created]).toEqual([true, false]);
      expect(second.job._id.equals(first.job._id)).toBe(true);
      expect(await t.app.jobs.runDue()).toBe(1);
      expect(await t.app.jobs.runDue()).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('Job runner: several processes on one store', () => {
  let one: TestApp;
  let two: TestApp;

  beforeEach(async () => {
    one = await startTestApp({ config: jobsSettings({ leaseMs: 2000 }) });
    two = await startTestApp({ config: jobsSettings({ leaseMs: 2000 }), sharedStore: one.db });
  });

  afterEach(async () => {
    await two.close();
    await one.close();
  });

  test('When two runners work 1,000 jobs at once, then each job runs exactly once and never on both at the same time', async () => {
    const runs = new Map<string, number>();
    const active = new Set<string>();
    let overlaps = 0;
    const handler = async (job: JobDocument) => {
      const id = job._id.toHexString();
      if (active.has(id)) overlaps += 1;
      active.add(id);
      await new Promise((resolve) => setImmediate(resolve));
      runs.set(id, (runs.get(id) ?? 0) + 1);
      active.delete(id);
    };
    one.app.jobs.define('test.count', handler);
    two.app.jobs.define('test.count', handler);
    for (let index = 0; index < 1000; index += 1) {
      await (index % 2 ? one : two).app.jobs.enqueue({ type: 'test.count', payload: { index } });
    }
    const counts = await Promise.all([...[1, 2, 3].map(() => one.app.jobs.runDue()), ...[1, 2, 3].map(() => two.app.jobs.runDue())]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1000);
    // Both processes took part.
    expect(counts.slice(0, 3).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(counts.slice(3).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(runs.size).toBe(1000);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(overlaps).toBe(0);
    expect(await one.app.jobsRepository.countByStatus('test.count')).toEqual({ PENDING: 0, RUNNING: 0, DONE: 1000, DEAD: 0 });
  });

  test('When a runner dies holding a job, then another takes it over once its lease has passed, and the dead holder can no longer change it', async () => {
    let runs = 0;
    const handler = async () => {
      runs += 1;
    };
    one.app.jobs.define('test.takeover', handler);
    two.app.jobs.define('test.takeover', handler);
    const { job } = await one.app.jobs.enqueue({ type: 'test.takeover', payload: {} });
    // Process one claims it and is killed (no handler runs, no renewal): its lease is all that is left.
    const now = new Date();
    const claimed = await one.app.jobsRepository.claimNext({ now, leaseUntil: new Date(now.getTime() + 300), leaseId: 'morto', types: ['test.takeover'] });
    expect(claimed?._id.equals(job._id)).toBe(true);
    expect(await two.app.jobs.runDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await two.app.jobs.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await two.app.jobsRepository.findById(job._id)).toMatchObject({ status: 'DONE', attempts: 2 });
    expect(await one.app.jobsRepository.complete(job._id, 'morto', new Date(), { result: null, expiresAt: new Date() })).toBe(false);
  });

  test('When a process closes while a job runs past the grace period, then the job is released at once for another process, the run not counted', async () => {
    const three = await startTestApp({ config: jobsSettings({ shutdownGraceMs: 100 }), sharedStore: one.db });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    three.app.jobs.define('test.slow', (_job, { signal }) => {
      started();
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    });
    let finishedElsewhere = 0;
    two.app.jobs.define('test.slow', async () => {
      finishedElsewhere += 1;
    });
    const { job } = await three.app.jobs.enqueue({ type: 'test.slow', payload: {} });
    const run = three.app.jobs.runDue();
    await running;
    await three.close();
    await run;
    expect(await two.app.jobsRepository.findById(job._id)).toMatchObject({ status: 'PENDING', attempts: 0, leaseId: null });
    expect(await two.app.jobs.runDue()).toBe(1);
    expect(finishedElsewhere).toBe(1);
  });
});

describe('Job runner: schedules', () => {
  test('When two processes start together, then a schedule tick runs once across both', async () => {
    const one = await startTestApp();
    const two = await startTestApp({ sharedStore: one.db });
    try {
      const ticks = await one.app.jobsRepository.listByType('billing.reconcile', undefined, 1, 50);
      // Each start runs its own start tick (interval 0 in tests); with an interval, one tick key per period.
      expect(ticks.data.every((tick) => tick.status === 'DONE')).toBe(true);
      const key = `billing.reconcile@${new Date(0).toISOString()}`;
      await one.app.jobs.enqueue({ type: 'billing.reconcile', key, payload: {} });
      const reports = await Promise.all([one.app.jobs.runKey(key), two.app.jobs.runKey(key)]);
      expect(reports.filter((report) => report !== null)).toHaveLength(1);
      expect(await one.app.jobsRepository.findByKey(key)).toMatchObject({ status: 'DONE', attempts: 1 });
    } finally {
      await two.close();
      await one.close();
    }
  });
});
