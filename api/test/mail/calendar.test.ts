import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startDevMailServer, type DevMailServer, type InboxMessage } from '../../scripts/dev-mail-server';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { createCategory, createVideo } from '../helpers/catalogue';
import { createActors } from '../helpers/app';
import { labManager, payOpenInvoice } from '../helpers/team';

/**
 * The e-mails the calendar and other modules send on their own (issue #29): a PIX renewal's charge
 * and its reminders 3 days before and on the due date, the pause for non-payment, the certificate
 * issued, and what happens when the provider refuses an address for good.
 */
let inbox: DevMailServer;
let t: BillingTestApp;

beforeAll(async () => {
  inbox = await startDevMailServer({ httpPort: null });
  t = await startBillingApp('2026-03-10T12:00:00.000Z', {
    config: { publicWebUrl: 'https://clube.example', mail: { smtpUrl: `smtp://127.0.0.1:${inbox.smtpPort}`, from: 'Clube <nao-responda@clube.test>' } },
  });
});

afterAll(async () => {
  await t.close();
  await inbox.close();
});

/** One pass of the billing calendar at the test clock's now, then the outbox. */
async function dayPasses(at: string) {
  t.clock.set(at);
  await t.app.reconciliation.run();
  await t.app.jobs.runDue();
}

const subjectsTo = (email: string) =>
  inbox
    .messages()
    .filter((message) => message.to.includes(email))
    .map((message) => message.subject)
    .reverse();

describe('Messages the calendar sends', () => {
  test('A PIX renewal e-mails its charge, then "vence em 3 dias" and "vence hoje" while unpaid, then that access was paused — each once, however often the calendar runs', async () => {
    const { manager, subscriptionId } = await labManager(t, t.plans.mensal, 1);
    const { manager: payer, subscriptionId: paidSubscription } = await labManager(t, t.plans.mensal, 1);
    const email = manager.account.email;
    await t.app.jobs.runDue();
    const afterCheckout = subjectsTo(email);

    // 7 days before the end of the period (10/04 12:00 UTC) the renewal is issued: its charge goes.
    await dayPasses('2026-04-03T13:00:00.000Z');
    await dayPasses('2026-04-04T13:00:00.000Z');
    const price = `R$ ${(t.plans.mensal.priceCents / 100).toFixed(2).replace('.', ',')}`;
    expect(subjectsTo(email).slice(afterCheckout.length)).toEqual([`Seu PIX de ${price} está disponível`]);

    // One member pays the renewal: no reminder for them.
    await payOpenInvoice(t, payer, paidSubscription);

    await dayPasses('2026-04-07T13:00:00.000Z');
    const reminder = (await inbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Lembrete')))[0]!;
    expect(reminder.subject).toBe('Lembrete: seu PIX vence em 3 dias (10/04/2026)');
    // The code to pay is in the reminder, the same one the API serves now.
    const served = (await t.call('GET', `/v1/subscriptions/${subscriptionId}/pixQRCode`, { token: manager.token })).body;
    expect(reminder.text).toContain(served.payload);
    expect(reminder.headers['list-unsubscribe']).toContain('https://clube.example/usuario#emails');
    await dayPasses('2026-04-08T13:00:00.000Z');

    // 01:00 in São Paulo on the due day.
    await dayPasses('2026-04-10T04:00:00.000Z');
    await dayPasses('2026-04-10T09:00:00.000Z');
    // Past the due time: paused, and told so.
    await dayPasses('2026-04-10T13:00:00.000Z');
    await dayPasses('2026-04-11T13:00:00.000Z');
    await inbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Pagamento em atraso'));
    expect(subjectsTo(email).slice(afterCheckout.length)).toEqual([
      `Seu PIX de ${price} está disponível`,
      'Lembrete: seu PIX vence em 3 dias (10/04/2026)',
      'Seu PIX vence hoje (10/04/2026)',
      'Pagamento em atraso: seu acesso foi pausado',
    ]);
    const overdue = inbox.messages().find((m) => m.to.includes(email) && m.subject.startsWith('Pagamento em atraso'))!;
    expect(overdue.text).toContain(`A fatura de ${price} venceu em 10/04/2026 e ainda não foi paga.`);
    // Money and access go to everyone: no unsubscribe link on it.
    expect(overdue.headers['list-unsubscribe']).toBeUndefined();
    expect((await t.call('GET', `/v1/subscriptions/${subscriptionId}`, { token: manager.token })).body.status).toBe('PAUSED');

    const payerSubjects = subjectsTo(payer.account.email);
    expect(payerSubjects.filter((subject) => subject.includes('vence'))).toEqual([]);
    expect(payerSubjects.filter((subject) => subject.startsWith('Pagamento confirmado'))).toHaveLength(2);
  });

  test('A checkout left unpaid gets "vence hoje" on its due day, but no "vence em 3 dias" (its charge, a moment before, said it)', async () => {
    t.clock.set('2026-05-01T12:00:00.000Z');
    const { manager } = await labManager(t, t.plans.mensal, 1, { pay: false });
    const email = manager.account.email;
    await dayPasses('2026-05-02T13:00:00.000Z');
    await dayPasses('2026-05-04T04:00:00.000Z');
    await inbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Seu PIX vence hoje'));
    expect(subjectsTo(email)).toEqual([expect.stringMatching(/^Seu PIX de R\$ .* está disponível$/), 'Seu PIX vence hoje (04/05/2026)']);
  });

  test('A member who turned reminders off gets the charge and the pause, not the reminders', async () => {
    t.clock.set('2026-06-01T12:00:00.000Z');
    const { manager } = await labManager(t, t.plans.mensal, 1);
    expect((await t.call('PUT', '/v1/me/email-preferences', { token: manager.token, body: { reminders: false, news: true } })).status).toBe(200);
    for (const day of ['2026-06-25T13:00:00.000Z', '2026-06-28T13:00:00.000Z', '2026-07-01T04:00:00.000Z', '2026-07-01T13:00:00.000Z']) await dayPasses(day);
    await inbox.waitFor((m) => m.to.includes(manager.account.email) && m.subject.startsWith('Pagamento em atraso'));
    const subjects = subjectsTo(manager.account.email);
    expect(subjects.filter((subject) => /vence|atraso/.test(subject))).toEqual(['Pagamento em atraso: seu acesso foi pausado']);
    // The checkout's charge and the renewal's: money always goes.
    expect(subjects.filter((subject) => subject.startsWith('Seu PIX de'))).toHaveLength(2);
  });
});

describe('The certificate e-mail', () => {
  test('Finishing a video e-mails the certificate once, with the link to its public page and a way to stop such e-mails', async () => {
    t.clock.set('2026-08-01T12:00:00.000Z');
    const actors = await createActors(t);
    const categoryId = (await createCategory(t, actors.admin))._id;
    const video = await createVideo(t, actors.admin, categoryId, {
      title: 'Calibração de pipetas',
      durationSeconds: 1800,
      source: { kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/pipetas' },
    });
    const member = actors.member;
    const report = (position: number) =>
      t.call('PUT', `/v1/me/progress/videos/${video._id}`, { token: member.token, body: { positionSeconds: position, durationSeconds: 1800 } });
    for (let position = 0; position <= 1800; position += 600) {
      t.clock.set(new Date(Date.parse('2026-08-01T12:00:00.000Z') + position * 1000));
      expect((await report(position)).status).toBe(200);
    }
    // Reports after the end find the certificate issued: no second message.
    await report(1800);
    await report(1800);
    await t.app.jobs.runDue();
    const certificates = (await t.call('GET', '/v1/me/certificates', { token: member.token })).body.data as { code: string }[];
    expect(certificates).toHaveLength(1);
    const messages = await inbox.waitFor((m: InboxMessage) => m.to.includes(member.account.email) && m.subject.startsWith('Seu certificado'));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.subject).toBe('Seu certificado de Calibração de pipetas está pronto');
    expect(messages[0]!.text).toContain(`https://clube.example/certificados/${certificates[0]!.code}`);
    expect(messages[0]!.headers['list-unsubscribe']).toContain('https://clube.example/usuario#emails');
  });
});

describe('A provider that refuses an address for good', () => {
  test('An SMTP 5xx answer makes the message dead at once (no retries), with the reason on the admin list; a 4xx is retried', async () => {
    let answer = 550;
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error(answer === 550 ? 'Caixa postal inexistente' : 'Tente mais tarde'), { responseCode: answer }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const port = (refusing.server.address() as AddressInfo).port;
    const app = await startBillingApp('2026-03-10T12:00:00.000Z', { config: { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Clube <nao-responda@clube.test>' } } });
    try {
      const send = (to: string) => app.app.mail.send({ template: 'account-deleted', to, eventKey: to, data: {} });
      await send('nao-existe@lab.test');
      await app.app.jobs.runDue();
      answer = 451;
      await send('lotado@lab.test');
      await app.app.jobs.runDue();
      const jobs = [...(await app.app.jobsRepository.listByType('email', 'DEAD', 1, 10)).data, ...(await app.app.jobsRepository.listByType('email', 'PENDING', 1, 10)).data];
      const refused = jobs.find((job) => job.payload.to === 'nao-existe@lab.test');
      const busy = jobs.find((job) => job.payload.to === 'lotado@lab.test');
      expect(refused).toMatchObject({ status: 'DEAD', attempts: 1, lastError: expect.stringContaining('O servidor de e-mail recusou a mensagem (550)') });
      expect(busy).toMatchObject({ status: 'PENDING', attempts: 1 });
    } finally {
      await app.close();
      await new Promise<void>((resolve) => refusing.close(resolve));
    }
  });
});
