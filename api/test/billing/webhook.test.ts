import { ObjectId } from 'mongodb';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '../../src/plugins/payment-gateway/webhook-signature';
import { createActor, createActors, type Actors } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { signedEvent, startBillingApp, userDoc, type BillingTestApp } from '../helpers/billing';

let t: BillingTestApp;
let actors: Actors;
const WEBHOOK = '/v1/webhooks/payments';

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  actors = await createActors(t);
});

afterAll(async () => {
  await t.close();
});

/** A member's open first invoice, as the database holds it. */
async function openInvoice() {
  const member = await createActor(t);
  const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.trimestral._id, paymentMethod: 'PIX' } })).body;
  const invoice = (await t.app.invoicesRepository.findOpen(new ObjectId(sub._id as string)))[0]!;
  return { member, sub, invoice: { _id: invoice._id.toHexString(), externalId: invoice.externalId, amountCents: invoice.amountCents } };
}

describe('Payment webhook', () => {
  test('When the signature is missing, wrong, made with another secret or over another body, then 401 and nothing is paid', async () => {
    const { invoice, member } = await openInvoice();
    const { rawBody, headers } = signedEvent(invoice, t.app.config.webhookSecret, t.clock.now());
    const attempts: Record<string, string>[] = [
      {},
      { [WEBHOOK_SIGNATURE_HEADER]: 'sha256=' + '0'.repeat(64) },
      { [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(rawBody, 'outro-segredo') },
      { [WEBHOOK_SIGNATURE_HEADER]: headers[WEBHOOK_SIGNATURE_HEADER]!.replace('sha256=', '') },
    ];
    for (const attempt of attempts) {
      const result = await t.call('POST', WEBHOOK, { rawBody, headers: attempt });
      expectErrorShape(result, 401);
      expect(result.body.message).toBe('Assinatura do webhook inválida.');
    }
    // Same signature, body re-serialised with a space: not the bytes that were signed.
    const reformatted = await t.call('POST', WEBHOOK, { rawBody: rawBody.replace('"type":', '"type": '), headers });
    expectErrorShape(reformatted, 401);
    // A bearer token does not replace the signature either.
    expectErrorShape(await t.call('POST', WEBHOOK, { rawBody, token: actors.admin.token }), 401);
    expect((await t.app.invoicesRepository.findById(invoice._id))!.status).toBe('PENDING');
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: false, credits: { balance: 0 } });
  });

  test('When the same signed event arrives twice (or a new event for a paid invoice), then the credits are granted once', async () => {
    const { invoice, member, sub } = await openInvoice();
    const { rawBody, headers } = signedEvent(invoice, t.app.config.webhookSecret, t.clock.now());
    const first = await t.call('POST', WEBHOOK, { rawBody, headers });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, duplicate: false, invoiceId: invoice._id, status: 'PAID' });
    const replay = await t.call('POST', WEBHOOK, { rawBody, headers });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ duplicate: true, status: 'PAID' });
    const another = signedEvent(invoice, t.app.config.webhookSecret, t.clock.now(), { id: 'evt_outro' });
    expect((await t.call('POST', WEBHOOK, another)).body).toMatchObject({ duplicate: true });
    // Several deliveries at once: still once.
    await Promise.all(Array.from({ length: 5 }, () => t.call('POST', WEBHOOK, { rawBody, headers })));

    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: true, credits: { balance: t.plans.trimestral.creditsPerCycle } });
    const current = await t.call('GET', `/v1/subscriptions/${sub._id}`, { token: member.token });
    expect(current.body).toMatchObject({ status: 'ACTIVE', endDate: '2026-06-10T12:00:00.000Z' });
    const sandboxAgain = await t.call('POST', `/v1/sandbox/invoices/${invoice._id}/pay`, { token: member.token });
    expectErrorShape(sandboxAgain, 409);
    expect(sandboxAgain.body.message).toBe('Esta fatura já foi paga.');
  });

  test('When a signed event names an unknown invoice, then 404', async () => {
    const event = signedEvent({ _id: 'd'.repeat(24), externalId: 'sbx_inv_x', amountCents: 100 }, t.app.config.webhookSecret, t.clock.now());
    const result = await t.call('POST', WEBHOOK, event);
    expectErrorShape(result, 404);
    expect(result.body).toMatchObject({ code: 'INVOICE_NOT_FOUND', message: 'Fatura não encontrada.' });
  });

  test('When a signed event pays a different amount or another charge, then 409 and the invoice stays open', async () => {
    const { invoice } = await openInvoice();
    const wrongAmount = await t.call('POST', WEBHOOK, signedEvent(invoice, t.app.config.webhookSecret, t.clock.now(), { amountCents: 1 }));
    expectErrorShape(wrongAmount, 409);
    expect(wrongAmount.body.code).toBe('AMOUNT_MISMATCH');
    const otherCharge = await t.call('POST', WEBHOOK, signedEvent({ ...invoice, externalId: 'sbx_inv_outra' }, t.app.config.webhookSecret, t.clock.now()));
    expectErrorShape(otherCharge, 409);
    expect((await t.app.invoicesRepository.findById(invoice._id))!.status).toBe('PENDING');
  });

  test('When a signed body is not a valid event, then 400', async () => {
    const rawBody = JSON.stringify({ id: 'evt_1', type: 'invoice.refunded', createdAt: t.clock.now().toISOString(), data: {} });
    const result = await t.call('POST', WEBHOOK, { rawBody, headers: { [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(rawBody, t.app.config.webhookSecret) } });
    expectErrorShape(result, 400);
  });

  test('When another member or an anonymous caller presses the sandbox pay button, then 403 / 401; an admin may', async () => {
    const { invoice } = await openInvoice();
    expectErrorShape(await t.call('POST', `/v1/sandbox/invoices/${invoice._id}/pay`, { token: actors.otherMember.token }), 403);
    expectErrorShape(await t.call('POST', `/v1/sandbox/invoices/${invoice._id}/pay`), 401);
    const byAdmin = await t.call('POST', `/v1/sandbox/invoices/${invoice._id}/pay`, { token: actors.admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ webhookStatus: 200, invoice: { status: 'PAID' }, subscription: { status: 'ACTIVE' } });
  });
});
