import type { Actor, MatrixContext, MatrixGroup } from '../matrix';

const ADMIN_ONLY = (status: number) => ({ anonymous: 401, member: 403, otherMember: 403, admin: status });
const SIGNED_IN = (status: number) => ({ anonymous: 401, member: status, otherMember: status, admin: status });

/** Issue 29: e-mail preferences and the admin's outbox. Each actor column gets its own dead message to resend. */
async function prepare(ctx: MatrixContext): Promise<void> {
  const dead: Partial<Record<Actor, string>> = {};
  for (const actor of ['anonymous', 'member', 'otherMember', 'admin'] as const) {
    // Missing data: the template cannot render, the job is dead after one run (no SMTP needed).
    const { job } = await ctx.testApp.app.mail.send({ template: 'payment-confirmed', to: `${actor}@lab.test`, eventKey: `matriz-${actor}`, data: {} });
    dead[actor] = job._id.toHexString();
  }
  await ctx.testApp.app.jobs.runDue();
  ctx.fixtures.deadEmails = dead;
}

export const mailGroup: MatrixGroup = {
  name: 'e-mail (issue 29)',
  prepare,
  rows: [
    { method: 'GET', route: '/v1/me/email-preferences', expect: SIGNED_IN(200) },
    { method: 'PUT', route: '/v1/me/email-preferences', body: () => ({ reminders: false, news: true }), expect: SIGNED_IN(200) },
    { method: 'GET', route: '/v1/admin/emails', query: () => ({ page: 1, limit: 5 }), expect: ADMIN_ONLY(200) },
    {
      method: 'POST',
      route: '/v1/admin/emails/:id/resend',
      params: (ctx, actor) => ({ id: (ctx.fixtures.deadEmails as Record<string, string>)[actor ?? 'admin'] ?? ctx.fixtures.deadEmails.admin }),
      expect: ADMIN_ONLY(200),
    },
  ],
};
