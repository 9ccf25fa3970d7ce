import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ObjectId, type Document } from 'mongodb';
import type { JobDocument, JobStatus } from './documents';
import { backoffDelay, errorText, PermanentJobError } from './rules/retry';

export { PermanentJobError };

/** What a handler may answer: stored on the job (`result`), and a payload to keep instead of the one it ran with. */
export interface JobOutcome {
  result?: Document;
  /** E.g. a message's secret link, removed once the message left. */
  payload?: Document;
}

export interface JobContext {
  /** Aborted when the runner loses the job's lease or the app closes before the handler ends. */
  signal: AbortSignal;
}

export type JobHandler<P extends Document = Document> = (job: JobDocument<P>, context: JobContext) => Promise<JobOutcome | void>;

export interface JobTypeOptions {
  /** Runs before the job is dead (default `JOBS_MAX_ATTEMPTS`). */
  maxAttempts?: number;
  /** How long a finished job is kept (default 30 days). */
  retentionMs?: number;
}

export interface EnqueueInput<P extends Document = Document> {
  type: string;
  /** The event the job is for: the same key twice writes one job (default: a new id, i.e. always a new job). */
  key?: string;
  payload: P;
  userId?: ObjectId | null;
  /** Not before (default: now). */
  runAt?: Date;
}

export interface RunReport {
  job: JobDocument;
  status: JobStatus;
}

/**
 * The job runner (one per API process): jobs live in the database (jobs-repository.ts), so any
 * number of processes run them; each claim is a lease that the holder renews while it works, and
 * a job whose runner died is taken over once its lease has passed. A failure is retried with
 * exponential backoff, up to `maxAttempts` runs, then the job is DEAD and kept.
 */
export interface JobRunner {
  /** This process's runner (logs). */
  readonly runnerId: string;
  define<P extends Document>(type: string, handler: JobHandler<P>, options?: JobTypeOptions): void;
  enqueue<P extends Document>(input: EnqueueInput<P>): Promise<{ job: JobDocument<P>; created: boolean }>;
  /**
   * A job type run once per tick of `everyMs` across every process (the tick is the job's key),
   * at start and then on a timer; `everyMs` 0: once at each start.
   */
  every(type: string, everyMs: number): void;
  /** Claims and runs the job with this key now if it is due (or abandoned); null when another runner has it or it is done. */
  runKey(key: string): Promise<RunReport | null>;
  /** Claims and runs due jobs until none is left (at most `max`); answers how many ran. */
  runDue(max?: number): Promise<number>;
  /** A DEAD job runs again (attempts from zero); null when it is not DEAD. */
  revive(id: ObjectId): Promise<JobDocument | null>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export default fp(
  async function jobsService(fastify: FastifyInstance) {
    const repo = fastify.jobsRepository;
    const settings = fastify.config.jobs;
    const now = () => fastify.clock.now();
    const runnerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    const handlers = new Map<string, { handler: JobHandler; options: Required<JobTypeOptions> }>();
    const schedules: { type: string; everyMs: number }[] = [];
    const running = new Map<string, { job: JobDocument; controller: AbortController; done: Promise<void> }>();
    const timers: NodeJS.Timeout[] = [];
    let closing = false;
    let draining: Promise<void> | null = null;
    let drainAgain = false;

    const claimFor = () => {
      const at = now();
      return { now: at, leaseUntil: new Date(at.getTime() + settings.leaseMs), leaseId: new ObjectId().toHexString(), types: [...handlers.keys()] };
    };

    /** Runs one claimed job to its end: DONE, PENDING again later, or DEAD. */
    async function execute(job: JobDocument): Promise<RunReport> {
      const entry = handlers.get(job.type)!;
      const leaseId = job.leaseId!;
      const controller = new AbortController();
      const renew = setInterval(() => {
        void repo
          .extendLease(job._id, leaseId, new Date(now().getTime() + settings.leaseMs), now())
          .then((kept) => {
            if (!kept) controller.abort(new Error('A concessão do trabalho foi perdida para outro processo.'));
          })
          .catch((error: unknown) => fastify.log.warn({ err: error, jobId: job._id.toHexString() }, 'job lease renewal failed'));
      }, Math.max(50, Math.floor(settings.leaseMs / 3)));
      renew.unref();
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      running.set(leaseId, { job, controller, done });
      const log = fastify.log.child({ jobId: job._id.toHexString(), jobType: job.type, attempt: job.attempts });
      let status: JobStatus = 'RUNNING';
      try {
        const outcome = (await entry.handler(job, { signal: controller.signal })) ?? {};
        const at = now();
        if (await repo.complete(job._id, leaseId, at, { result: outcome.result ?? null, payload: outcome.payload, expiresAt: new Date(at.getTime() + entry.options.retentionMs) })) {
          status = 'DONE';
        } else {
          log.warn('job finished after its lease was taken over; its new holder decides');
        }
      } catch (error) {
        status = await settleFailure(job, leaseId, error, entry.options.maxAttempts, log);
      } finally {
        clearInterval(renew);
        running.delete(leaseId);
        finish();
      }
      return { job, status };
    }

    /** A failed run: PENDING again after the backoff, or DEAD (out of attempts, or a failure no retry can fix). */
    async function settleFailure(job: JobDocument, leaseId: string, error: unknown, maxAttempts: number, log: typeof fastify.log): Promise<JobStatus> {
      const at = now();
      const message = errorText(error);
      try {
        if (error instanceof PermanentJobError || job.attempts >= Math.min(job.maxAttempts, maxAttempts)) {
          log.error({ err: error }, 'job is dead');
          return (await repo.bury(job._id, leaseId, at, message)) ? 'DEAD' : 'RUNNING';
        }
        const delay = backoffDelay(job.attempts, settings.retryBaseMs, settings.retryMaxMs);
        log.warn({ err: error, retryInMs: delay }, 'job failed; retrying later');
        return (await repo.retryLater(job._id, leaseId, at, new Date(at.getTime() + delay), message)) ? 'PENDING' : 'RUNNING';
      } catch (writeError) {
        // The store is gone (closing) or down: the lease runs out and another run takes the job over.
        log.error({ err: writeError }, 'job failure could not be recorded');
        return 'RUNNING';
      }
    }

    /** Fills the free slots with due jobs, and keeps doing so while there are some. */
    function drain(): Promise<void> {
      if (closing) return Promise.resolve();
      if (draining) {
        drainAgain = true;
        return draining;
      }
      draining = (async () => {
        do {
          drainAgain = false;
          while (!closing && running.size < settings.concurrency) {
            const job = await repo.claimNext(claimFor());
            if (!job) break;
            void execute(job).finally(() => {
              if (!closing) void drain();
            });
          }
        } while (drainAgain && !closing);
      })()
        .catch((error: unknown) => fastify.log.error({ err: error }, 'job runner could not claim work'))
        .finally(() => {
          draining = null;
        });
      return draining;
    }

    const tickKey = (type: string, everyMs: number) => {
      if (everyMs <= 0) return `${type}@start:${runnerId}`;
      const tick = Math.floor(now().getTime() / everyMs) * everyMs;
      return `${type}@${new Date(tick).toISOString()}`;
    };

    const runner: JobRunner = {
      runnerId,

      define(type, handler, options = {}) {
        if (handlers.has(type)) throw new Error(`Tipo de trabalho definido duas vezes: ${type}`);
        handlers.set(type, {
          handler: handler as JobHandler,
          options: { maxAttempts: options.maxAttempts ?? settings.maxAttempts, retentionMs: options.retentionMs ?? 30 * DAY_MS },
        });
      },

      async enqueue(input) {
        const entry = handlers.get(input.type);
        if (!entry) throw new Error(`Nenhum tratador para o tipo de trabalho ${input.type}`);
        const at = now();
        const _id = new ObjectId();
        const { job, created } = await repo.insertOnce({
          _id,
          type: input.type,
          key: input.key ?? `${input.type}:${_id.toHexString()}`,
          payload: input.payload,
          userId: input.userId ?? null,
          status: 'PENDING',
          runAt: input.runAt ?? at,
          attempts: 0,
          maxAttempts: entry.options.maxAttempts,
          leaseUntil: null,
          leaseId: null,
          lastError: null,
          result: null,
          createdAt: at,
          updatedAt: at,
          finishedAt: null,
          expiresAt: null,
        });
        // Due now: this process starts it at once instead of at the next poll.
        if (created && settings.pollMs > 0 && job.runAt <= at) void drain();
        return { job: job as JobDocument<typeof input.payload>, created };
      },

      every(type, everyMs) {
        schedules.push({ type, everyMs });
      },

      async runKey(key) {
        if (closing) return null;
        const job = await repo.claimKey(key, claimFor());
        return job ? execute(job) : null;
      },

      async runDue(max = Number.POSITIVE_INFINITY) {
        let ran = 0;
        while (ran < max && !closing) {
          const job = await repo.claimNext(claimFor());
          if (!job) break;
          await execute(job);
          ran += 1;
        }
        return ran;
      },

      async revive(id) {
        const job = await repo.revive(id, now());
        if (job && settings.pollMs > 0) void drain();
        return job;
      },
    };

    /** One tick of a schedule: its job written once for every process, and run here unless another process has it. */
    async function tick(type: string, everyMs: number): Promise<void> {
      try {
        const { job } = await runner.enqueue({ type, key: tickKey(type, everyMs), payload: {} });
        await runner.runKey(job.key);
      } catch (error) {
        fastify.log.error({ err: error, jobType: type }, 'scheduled job could not start');
      }
    }

    fastify.addHook('onReady', async () => {
      // Every schedule's first tick before the first request (e.g. the billing calendar settles what came due while the API was down).
      for (const { type, everyMs } of schedules) {
        await tick(type, everyMs);
        if (everyMs > 0) {
          const timer = setInterval(() => void tick(type, everyMs), everyMs);
          timer.unref();
          timers.push(timer);
        }
      }
      if (settings.pollMs > 0) {
        const timer = setInterval(() => void drain(), settings.pollMs);
        timer.unref();
        timers.push(timer);
        void drain();
      }
    });

    // Graceful shutdown: no new claims; running jobs get `shutdownGraceMs` to finish, then are
    // aborted and released (PENDING again at once, the run not counted) for another process.
    fastify.addHook('onClose', async () => {
      closing = true;
      for (const timer of timers) clearInterval(timer);
      await draining;
      const inFlight = [...running.values()];
      if (inFlight.length === 0) return;
      const grace = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), settings.shutdownGraceMs).unref());
      await Promise.race([Promise.all(inFlight.map((entry) => entry.done)), grace]);
      for (const [leaseId, entry] of running) {
        entry.controller.abort(new Error('A API está sendo encerrada.'));
        if (await repo.release(entry.job._id, leaseId, now()).catch(() => false)) {
          fastify.log.info({ jobId: entry.job._id.toHexString(), jobType: entry.job.type }, 'job released at shutdown');
        }
      }
    });

    fastify.decorate('jobs', runner);
  },
  { name: 'job-runner', dependencies: ['clock', 'jobs-repository'] },
);
