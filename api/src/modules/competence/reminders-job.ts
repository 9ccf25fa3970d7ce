import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reminderThreshold } from './rules/trail';

export interface CompetenceReminders {
  /** One pass: every qualification 30 or 7 days from expiring gets its reminder to the person and the manager, once. */
  run(): Promise<{ queued: number }>;
}

/** Job type of the reminders' schedule ticks. */
export const COMPETENCE_REMINDERS_JOB = 'competence.reminders';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Expiry reminders (issue 31): at 30 and 7 days before a qualification's validity ends, the person
 * and their laboratory's manager get the mail module's `dossier-expiry-reminder`. The e-mail job's
 * key names the completion, the threshold and the recipient, so a pass repeated (two processes, a
 * retry) queues each message once. Scheduled every COMPETENCE_REMINDER_INTERVAL_MS (1 h; 0 in tests,
 * which call `run()`); "Minha trilha" and the dossier show the same dates whatever the mail does.
 */
export default fp(
  async function competenceReminders(fastify: FastifyInstance) {
    async function run() {
      const now = fastify.clock.now();
      const assignments = await fastify.functionsRepository.allActiveAssignments();
      const userIds = [...new Map(assignments.map((a) => [a.userId.toHexString(), a.userId])).values()];
      const users = new Map((await fastify.usersRepository.findByIds(userIds)).map((user) => [user._id.toHexString(), user]));
      let queued = 0;
      for (const userId of userIds) {
        const person = users.get(userId.toHexString());
        if (!person) continue;
        for (const line of await fastify.competence.trail(userId)) {
          const threshold = reminderThreshold(line.standing.validUntil, now);
          const completion = line.standing.completion;
          if (!threshold || !completion || !line.standing.validUntil) continue;
          const account = await fastify.teamRepository.findAccountById(line.fn.accountId);
          const manager = account ? users.get(account.managerId.toHexString()) ?? (await fastify.usersRepository.findById(account.managerId)) : null;
          const expiresAt = line.standing.validUntil.toISOString();
          const event = `${completion._id.toHexString()}:${line.fn._id.toHexString()}:${threshold}`;
          await fastify.mail.hooks.dossierExpiryReminder({ email: person.email, userId: person._id }, `${event}:${person._id.toHexString()}`, { itemTitle: line.item.title, expiresAt });
          queued += 1;
          if (manager && manager._id.toHexString() !== person._id.toHexString()) {
            await fastify.mail.hooks.dossierExpiryReminder({ email: manager.email, userId: manager._id }, `${event}:${manager._id.toHexString()}`, {
              itemTitle: `${line.item.title} (${person.name})`,
              expiresAt,
            });
            queued += 1;
          }
        }
      }
      return { queued };
    }

    fastify.jobs.define(COMPETENCE_REMINDERS_JOB, async () => ({ result: await run() }), { maxAttempts: 3, retentionMs: DAY_MS });
    if (fastify.config.competenceReminderIntervalMs > 0) fastify.jobs.every(COMPETENCE_REMINDERS_JOB, fastify.config.competenceReminderIntervalMs);
    fastify.decorate('competenceReminders', { run });
  },
  { name: 'competence-reminders', dependencies: ['competence', 'functions-repository', 'team-repository', 'users-repository', 'mail', 'job-runner'] },
);
