import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ReconciliationReport } from './use-cases/reconcile';

export interface Reconciliation {
  /** One pass over the billing calendar at the clock's "now"; safe to run twice at once. */
  run(): Promise<ReconciliationReport>;
}

/**
 * Runs the billing calendar (use-cases/reconcile.ts) at start and on a schedule. Every
 * change goes through the lifecycle and a conditional write, so two API instances running it
 * at the same moment do each thing once.
 */
export default fp(
  async function reconciliation(fastify: FastifyInstance) {
    const run = () => fastify.billing.reconcile();

    let running: Promise<unknown> | null = null;
    const tick = (reason: string) => {
      if (running) return running; // one pass at a time per instance
      running = run()
        .then((report) => fastify.log.info({ reason, ...report }, 'billing reconciliation done'))
        .catch((error: unknown) => fastify.log.error({ err: error, reason }, 'billing reconciliation failed'))
        .finally(() => {
          running = null;
        });
      return running;
    };

    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      await tick('start');
      const every = fastify.config.reconcileIntervalMs;
      if (every > 0) {
        timer = setInterval(() => void tick('schedule'), every);
        timer.unref();
      }
    });
    fastify.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });

    fastify.decorate('reconciliation', { run });
  },
  { name: 'reconciliation', dependencies: ['billing'] },
);
