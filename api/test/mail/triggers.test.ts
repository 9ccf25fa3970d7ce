import { startDevMailServer, type DevMailServer } from '../../scripts/dev-mail-server';
import { createAccount } from '../helpers/identity';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { labManager, payOpenInvoice, tokenOf } from '../helpers/team';

let inbox: DevMailServer;
let t: BillingTestApp;

beforeAll(async () => {
  inbox = await startDevMailServer({ httpPort: null });
  t = await startBillingApp('2026-03-10T12:00:00.000Z', {
    config: { mail: { smtpUrl: `smtp://127.0.0.1:${inbox.smtpPort}`, from: 'Clube <nao-responda@clube.test>' } },
  });
});

afterAll(async () => {
  await t.close();
  await inbox.close();
});

describe('E-mails the API sends', () => {
  test("A PIX checkout e-mails exactly the copy-and-paste code the API serves for that invoice, with its QR code inline; paying it e-mails the receipt", async () => {
    const { manager, subscriptionId } = await labManager(t, t.plans.mensal, 1, { pay: false });
    await t.app.jobs.runDue();
    const served = (await t.call('GET', `/v1/subscriptions/${subscriptionId}/pixQRCode`, { token: manager.token })).body;
    const pixMail = (await inbox.waitFor((m) => m.to.includes(manager.account.email) && m.subject.startsWith('Seu PIX')))[0]!;
    expect(pixMail.text).toContain(served.payload);
    expect(pixMail.attachments).toEqual([expect.objectContaining({ filename: 'pix-qr.png', contentId: '<pix-qr>', contentType: 'image/png' })]);
    // Sent as cid:pix-qr; mailparser shows the inline part in place.
    expect(pixMail.html).toMatch(/alt="QR Code do PIX"[^>]*src="data:image\/png;base64,/);

    const { amountCents } = await payOpenInvoice(t, manager, subscriptionId);
    // A replayed payment (the same invoice paid again) sends no second receipt.
    await t.call('POST', `/v1/sandbox/invoices/${served.invoiceId}/pay`, { token: manager.token });
    await t.app.jobs.runDue();
    const receipts = await inbox.waitFor((m) => m.to.includes(manager.account.email) && m.subject.startsWith('Pagamento confirmado'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(`Valor pago: R$ ${(amountCents / 100).toFixed(2).replace('.', ',')}.`);
    expect(receipts[0]!.text).toContain('Período: de 10/03/2026 a 10/04/2026.');
  });

  test('An invitation e-mails the invited person the link the manager got, and the link accepts the invitation', async () => {
    const { manager } = await labManager(t, t.plans.mensal, 2);
    const person = await createAccount({ displayName: 'Técnica por E-mail' });
    const created = await t.call('POST', '/v1/team/invitations', { token: manager.token, body: { email: person.email } });
    expect(created.status).toBe(201);
    await t.app.jobs.runDue();
    const message = (await inbox.waitFor((m) => m.to.includes(person.email)))[0]!;
    expect(message.subject).toBe('Convite para a equipe Laboratório Análises Vida no Clube');
    expect(message.text).toContain('Gestora do Laboratório convidou você');
    const link = /https?:\/\/\S+\/equipe\/convite\/[\w-]+/.exec(message.text)?.[0];
    expect(link).toBe(created.body.inviteUrl);
    await t.call('POST', '/v1/users', { token: person.idToken, body: {} });
    const accepted = await t.call('POST', `/v1/team/invitations/by-token/${tokenOf(link!)}/accept`, { token: person.idToken });
    expect(accepted.status).toBe(200);
  });

  test('An invalid invitation address is refused with a Portuguese message and nothing is queued', async () => {
    const { manager } = await labManager(t, t.plans.mensal, 2);
    const before = await t.app.jobsRepository.countByStatus('email');
    const refused = await t.call('POST', '/v1/team/invitations', { token: manager.token, body: { email: 'sem-arroba.com' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/e-mail|email/i);
    expect(await t.app.jobsRepository.countByStatus('email')).toEqual(before);
  });

  test('When SMTP is down, the invitation still succeeds; the message waits in the outbox', async () => {
    const { manager } = await labManager(t, t.plans.mensal, 2);
    await t.app.jobs.runDue();
    await inbox.close();
    try {
      const created = await t.call('POST', '/v1/team/invitations', { token: manager.token, body: { email: 'fora-do-ar@lab.test' } });
      expect(created.status).toBe(201);
      await t.app.jobs.runDue();
      const waiting = (await t.app.jobsRepository.listByType('email', 'PENDING', 1, 10)).data.find((job) => job.payload.to === 'fora-do-ar@lab.test');
      expect(waiting).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|conex/i) });
    } finally {
      inbox = await startDevMailServer({ httpPort: null, smtpPort: inbox.smtpPort });
    }
  });

  test('Asking to cancel e-mails until when access lasts; undoing it e-mails that the subscription continues; cancelling now e-mails the end (one message each)', async () => {
    const { manager, subscriptionId } = await labManager(t, t.plans.mensal, 1);
    const mine = (m: { to: string[] }) => m.to.includes(manager.account.email);

    const requested = await t.call('POST', `/v1/subscriptions/cancelRequest/${subscriptionId}`, { token: manager.token, body: { reason: 'Não estou usando' } });
    expect(requested.status).toBe(200);
    await t.app.jobs.runDue();
    const scheduled = (await inbox.waitFor((m) => mine(m) && m.subject === 'Cancelamento agendado'))[0]!;
    expect(scheduled.text).toContain('Seu acesso continua até 10/04/2026.');
    expect(scheduled.text).toContain('/assinatura');

    expect((await t.call('PATCH', `/v1/subscriptions/reactivate/${subscriptionId}`, { token: manager.token })).status).toBe(200);
    await t.app.jobs.runDue();
    const continued = (await inbox.waitFor((m) => mine(m) && m.subject === 'Sua assinatura continua'))[0]!;
    expect(continued.text).toContain('sua assinatura se renova normalmente em 10/04/2026');

    expect((await t.call('PATCH', `/v1/subscriptions/cancel/${subscriptionId}`, { token: manager.token })).status).toBe(200);
    // Cancelling again is refused and queues nothing more.
    expect((await t.call('PATCH', `/v1/subscriptions/cancel/${subscriptionId}`, { token: manager.token })).status).toBe(409);
    await t.app.jobs.runDue();
    const ended = await inbox.waitFor((m) => mine(m) && m.subject === 'Sua assinatura foi cancelada');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text).toContain('Sua assinatura foi cancelada em 10/03/2026.');
  });
});
