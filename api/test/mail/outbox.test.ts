import { ObjectId } from 'mongodb';
import { startDevMailServer, type DevMailServer } from '../../scripts/dev-mail-server';
import { EMAIL_JOB } from '../../src/modules/mail/documents';
import { startTestApp, type TestApp } from '../helpers/app';
import { TestClock } from '../helpers/billing';
import { testConfig } from '../helpers/test-config';

let inbox: DevMailServer;
let refusing = false;

beforeAll(async () => {
  inbox = await startDevMailServer({ httpPort: null, refuse: () => refusing });
});

afterAll(async () => {
  await inbox.close();
});

const invitation = (to: string, eventKey: string) => ({
  template: 'team-invitation',
  to,
  eventKey,
  data: { laboratoryName: 'Lab Ômega', invitedBy: 'Ana Souza', link: `https://clube.test/equipe/convite/${eventKey}`, expiresAt: '2026-06-08T15:00:00.000Z' },
});

async function mailApp(clock: TestClock, maxAttempts = 8): Promise<TestApp> {
  return startTestApp({
    now: clock.now,
    config: {
      mail: { smtpUrl: `smtp://127.0.0.1:${inbox.smtpPort}`, from: 'Clube <nao-responda@clube.test>' },
      jobs: { ...testConfig().jobs, retryBaseMs: 1000, retryMaxMs: 60_000, maxAttempts },
    },
  });
}

describe('Outbox through a real SMTP server', () => {
  test('A message job is sent once over SMTP, as HTML with a text alternative and a stable Message-ID, and its secret link is not kept', async () => {
    const clock = new TestClock('2026-06-01T12:00:00.000Z');
    const t = await mailApp(clock);
    try {
      const { job } = await t.app.mail.send(invitation('tecnico.a@lab.test', 'convite-a'));
      // The same event again (a retried request): still one message.
      await t.app.mail.send(invitation('tecnico.a@lab.test', 'convite-a'));
      expect(await t.app.jobs.runDue()).toBe(1);
      const message = (await inbox.waitFor((m) => m.to.includes('tecnico.a@lab.test')))[0]!;
      expect(message.subject).toBe('Convite para a equipe Lab Ômega no Clube');
      expect(message.from).toBe('"Clube" <nao-responda@clube.test>');
      expect(message.text).toContain('Ana Souza convidou você para a equipe do laboratório Lab Ômega');
      expect(message.html).toContain('href="https://clube.test/equipe/convite/convite-a"');
      expect(message.messageId).toBe(t.app.mail.messageIdOf(job.key));
      // Money and access: no unsubscribe header.
      expect(message.headers['list-unsubscribe']).toBeUndefined();
      const stored = await t.app.jobsRepository.findById(job._id);
      expect(stored).toMatchObject({ status: 'DONE', result: { messageId: message.messageId } });
      expect(JSON.stringify(stored?.payload)).not.toContain('convite/convite-a');
      expect(inbox.messages().filter((m) => m.to.includes('tecnico.a@lab.test'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  test('A reminder carries List-Unsubscribe, and is not sent to a member who turned reminders off', async () => {
    const clock = new TestClock('2026-06-01T12:00:00.000Z');
    const t = await mailApp(clock);
    try {
      const data = { amountCents: 8990, dueDate: '2026-06-13T15:00:00.000Z', pixCode: '000201PIXCODE', subscriptionUrl: 'https://clube.test/assinatura' };
      const wants = new ObjectId();
      const refuses = new ObjectId();
      await t.app.mailPreferencesRepository.save(refuses, { reminders: false, news: true }, clock.now());
      await t.app.mail.send({ template: 'pix-reminder-3-days', to: 'quer@lab.test', eventKey: 'r1', userId: wants, data });
      const { job } = await t.app.mail.send({ template: 'pix-reminder-3-days', to: 'nao-quer@lab.test', eventKey: 'r2', userId: refuses, data });
      await t.app.jobs.runDue();
      const message = (await inbox.waitFor((m) => m.to.includes('quer@lab.test')))[0]!;
      expect(message.headers['list-unsubscribe']).toContain('/usuario#emails');
      expect(inbox.messages().some((m) => m.to.includes('nao-quer@lab.test'))).toBe(false);
      expect((await t.app.jobsRepository.findById(job._id))?.result).toMatchObject({ skipped: expect.any(String) });
    } finally {
      await t.close();
    }
  });

  test('The hooks other issues call send their template once per event (certificate issued)', async () => {
    const clock = new TestClock('2026-06-01T12:00:00.000Z');
    const t = await mailApp(clock);
    try {
      const to = { email: 'certificado@lab.test', userId: new ObjectId() };
      const data = { contentTitle: 'Biossegurança NB-2', certificateUrl: 'https://clube.test/certificados/ABC123' };
      await t.app.mail.hooks.certificateIssued(to, 'cert-ABC123', data);
      await t.app.mail.hooks.certificateIssued(to, 'cert-ABC123', data);
      await t.app.jobs.runDue();
      const message = (await inbox.waitFor((m) => m.to.includes('certificado@lab.test')))[0]!;
      expect(message.subject).toBe('Seu certificado de Biossegurança NB-2 está pronto');
      expect(message.text).toContain('https://clube.test/certificados/ABC123');
      expect(inbox.messages().filter((m) => m.to.includes('certificado@lab.test'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  test('When SMTP is down for a while, then every message arrives once after it is back; a message that keeps failing ends DEAD with its error', async () => {
    const clock = new TestClock('2026-06-01T12:00:00.000Z');
    const t = await mailApp(clock, 3);
    try {
      refusing = true;
      const addresses = ['fila1@lab.test', 'fila2@lab.test', 'fila3@lab.test'];
      for (const to of addresses) await t.app.mail.send(invitation(to, `fila-${to}`));
      expect(await t.app.jobs.runDue()).toBe(3);
      const waiting = await t.app.jobsRepository.listByType(EMAIL_JOB, 'PENDING', 1, 10);
      expect(waiting.total).toBe(3);
      expect(waiting.data[0]?.lastError).toContain('Serviço indisponível');
      clock.set('2026-06-01T12:00:01.000Z');
      expect(await t.app.jobs.runDue()).toBe(3);
      refusing = false;
      clock.set('2026-06-01T12:00:03.000Z');
      expect(await t.app.jobs.runDue()).toBe(3);
      await inbox.waitFor((m) => m.to.some((to) => addresses.includes(to)), 3);
      for (const to of addresses) expect(inbox.messages().filter((m) => m.to.includes(to))).toHaveLength(1);

      // A template that cannot render: DEAD at once, the sender untouched.
      const { job: broken } = await t.app.mail.send({ template: 'payment-confirmed', to: 'quebrado@lab.test', eventKey: 'x', data: { amountCents: 1 } });
      // A message refused every time: DEAD after its attempts.
      refusing = true;
      const { job: refused } = await t.app.mail.send(invitation('recusado@lab.test', 'recusado'));
      for (const at of ['2026-06-01T12:00:03.000Z', '2026-06-01T12:00:04.000Z', '2026-06-01T12:00:06.000Z']) {
        clock.set(at);
        await t.app.jobs.runDue();
      }
      refusing = false;
      expect(await t.app.jobsRepository.findById(broken._id)).toMatchObject({ status: 'DEAD', attempts: 1, lastError: 'O modelo payment-confirmed precisa de "periodStart".' });
      expect(await t.app.jobsRepository.findById(refused._id)).toMatchObject({ status: 'DEAD', attempts: 3 });
    } finally {
      refusing = false;
      await t.close();
    }
  });
});
