import { startDevMailServer, type DevMailServer } from '../../scripts/dev-mail-server';
import { createActor, startTestApp, type TestActor, type TestApp } from '../helpers/app';
import { TestClock } from '../helpers/billing';
import { testConfig } from '../helpers/test-config';

let inbox: DevMailServer;
let refusing = true;
let t: TestApp;
let admin: TestActor;
let member: TestActor;
const clock = new TestClock('2026-06-01T12:00:00.000Z');

beforeAll(async () => {
  inbox = await startDevMailServer({ httpPort: null, refuse: () => refusing });
  t = await startTestApp({
    now: clock.now,
    config: {
      mail: { smtpUrl: `smtp://127.0.0.1:${inbox.smtpPort}`, from: 'Clube <nao-responda@clube.test>' },
      jobs: { ...testConfig().jobs, retryBaseMs: 1000, maxAttempts: 2 },
    },
  });
  [admin, member] = await Promise.all([createActor(t, 'ADMIN'), createActor(t)]);
});

afterAll(async () => {
  await t.close();
  await inbox.close();
});

describe('/admin/emails and preferences', () => {
  test('A message that kept failing is shown DEAD with its error; "Reenviar" sends it once SMTP is back', async () => {
    await t.app.mail.send({ template: 'account-deleted', to: 'ex-membro@lab.test', eventKey: 'conta-1', data: {} });
    await t.app.jobs.runDue();
    clock.set('2026-06-01T12:00:01.000Z');
    await t.app.jobs.runDue();
    const list = await t.call('GET', '/v1/admin/emails', { token: admin.token, query: { state: 'DEAD' } });
    expect(list.status).toBe(200);
    const dead = list.body.data.find((row: { to: string }) => row.to === 'ex-membro@lab.test');
    expect(dead).toMatchObject({ subject: 'Sua conta no Clube foi excluída', state: 'DEAD', attempts: 2, lastError: expect.stringContaining('Serviço indisponível') });

    refusing = false;
    const again = await t.call('POST', `/v1/admin/emails/${dead._id}/resend`, { token: admin.token });
    expect(again.body).toMatchObject({ state: 'PENDING', attempts: 0 });
    await t.app.jobs.runDue();
    await inbox.waitFor((m) => m.to.includes('ex-membro@lab.test'));
    const sent = await t.call('GET', '/v1/admin/emails', { token: admin.token, query: { state: 'DONE' } });
    expect(sent.body.data.find((row: { _id: string }) => row._id === dead._id)).toMatchObject({ state: 'DONE', messageId: expect.stringMatching(/^<.+@clube\.mail>$/) });
    const twice = await t.call('POST', `/v1/admin/emails/${dead._id}/resend`, { token: admin.token });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Só mensagens que falharam de vez podem ser reenviadas.');
  });

  test('A member turns reminders off and on; a non-boolean choice is refused and changes nothing', async () => {
    expect((await t.call('GET', '/v1/me/email-preferences', { token: member.token })).body).toEqual({ reminders: true, news: true });
    expect((await t.call('PUT', '/v1/me/email-preferences', { token: member.token, body: { reminders: false, news: true } })).body).toEqual({ reminders: false, news: true });
    const bad = await t.call('PUT', '/v1/me/email-preferences', { token: member.token, body: { reminders: 'talvez', news: true } });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', '/v1/me/email-preferences', { token: member.token })).body).toEqual({ reminders: false, news: true });
  });
});
