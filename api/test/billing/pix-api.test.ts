import { Writable } from 'node:stream';
import { ObjectId } from 'mongodb';
import { PixApiClient, PixApiUnavailableError } from '../../src/plugins/payment-gateway/pix-api-client';
import { PixApiGateway, txidFor } from '../../src/plugins/payment-gateway/pix-api-gateway';
import { CobRequest, PixCallback } from '../../src/plugins/payment-gateway/pix-api-schemas';
import { schemaErrors } from '../../src/plugins/payment-gateway/pix-api-client';
import type { StandInPsp } from '../../src/plugins/payment-gateway/stand-in/stand-in-psp';
import { SHARED_STAND_IN_DIR } from '../../src/config';
import { ensureStandInCertificates } from '../../src/plugins/payment-gateway/stand-in/certificates';
import { createActor } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { startBillingApp, userDoc, type BillingTestApp } from '../helpers/billing';

/**
 * PAYMENT_GATEWAY=pix-api-stand-in: the real API Pix adapter against the stand-in PSP the app
 * starts, over real mutual TLS with OAuth2 — the path `npm start` runs every day.
 */
let t: BillingTestApp;
let psp: StandInPsp;
const certificatesDir = SHARED_STAND_IN_DIR;
const logLines: string[] = [];
const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as never;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await startBillingApp('2026-03-10T12:00:00.000Z', {
    config: { paymentGateway: 'pix-api-stand-in', pixStandIn: { port: 0, dir: certificatesDir, timeoutMs: 2000 } },
    logger: { level: 'info', stream },
  });
  psp = t.app.pixStandIn!;
});

afterAll(async () => {
  await t.close();
});

const callbackUrl = () => `/v1/webhooks/pix-api/${t.app.config.pixWebhookSegment}/pix`;

/** A member's open first invoice (trimestral, PIX), as the database holds it. */
async function openInvoice() {
  const member = await createActor(t);
  const created = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.trimestral._id, paymentMethod: 'PIX' } });
  expect(created.status).toBe(201);
  const invoice = (await t.app.invoicesRepository.findOpen(new ObjectId(created.body._id as string)))[0]!;
  return { member, invoice, txid: invoice.pix!.txid };
}

/** The stand-in's payer pays the charge; `entregarCallback: false` loses the callback on the way. */
async function payAtPsp(txid: string, entregarCallback: boolean) {
  const client = new PixApiClient(
    { baseUrl: psp.url, clientId: 'clube-stand-in', clientSecret: 'clube-stand-in-secret', certificate: pemCertificate(), ca: certificates().ca },
    silentLog,
  );
  try {
    return await client.call<{ endToEndId: string }>({ method: 'POST', path: `/stand-in/cob/${txid}/pagar`, scopes: ['cob.read'], body: { entregarCallback }, responseSchema: {} as never });
  } finally {
    client.close();
  }
}

/** The files the app's stand-in made on its first start (read again, not made twice). */
const certificates = () => ensureStandInCertificates(certificatesDir);
const pemCertificate = () => ({ cert: certificates().clientCert, key: certificates().clientKey });

describe('API Pix adapter against the stand-in PSP (mTLS + OAuth2)', () => {
  test('When a member subscribes by PIX, then the charge is a PUT /cob at the PSP with our txid and the copy-and-paste code comes from its answer', async () => {
    const { invoice, txid } = await openInvoice();
    expect(txid).toBe(txidFor(invoice._id.toHexString()));
    const cob = psp.charges.get(txid)!;
    expect(cob).toMatchObject({ status: 'ATIVA', valor: { original: '239.90' }, chave: t.app.config.pix.key });
    expect(invoice.pix!.payload).toBe(cob.pixCopiaECola);
    // A dynamic BR Code: the PSP's location in 26-25, "***" as txid, CRC at the end.
    expect(invoice.pix!.payload).toContain(`25${String(cob.location!.length).padStart(2, '0')}${cob.location}`);
    expect(invoice.pix!.payload).toMatch(/5406239\.90.*62070503\*\*\*6304[0-9A-F]{4}$/);
    expect(psp.webhooks.get(t.app.config.pix.key)).toBe(`${t.url}/v1/webhooks/pix-api/${t.app.config.pixWebhookSegment}`);
  });

  test('When the stand-in payer pays, then its callback reaches the API, the charge is read back and the cycle is paid with the end-to-end id', async () => {
    const { invoice, member } = await openInvoice();
    const paid = await t.call('POST', `/v1/sandbox/invoices/${invoice._id.toHexString()}/pay`, { token: member.token });
    expect(paid.status).toBe(200);
    const endToEndId = psp.charges.get(invoice.pix!.txid)!.pix![0]!.endToEndId;
    // The PSP's ids travel with the invoice (the admin's subscription page shows them).
    expect(paid.body.invoice).toMatchObject({ status: 'PAID', txid: invoice.pix!.txid, endToEndId });
    expect((await t.app.invoicesRepository.findById(invoice._id))!.endToEndId).toBe(endToEndId);
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: true, credits: { balance: t.plans.trimestral.creditsPerCycle } });
    // Paying again: the charge is no longer open at the PSP.
    expectErrorShape(await t.call('POST', `/v1/sandbox/invoices/${invoice._id.toHexString()}/pay`, { token: member.token }), 409);
  });

  test('When the API died after marking a Pix paid and before queueing the receipt, then the PSP’s repeated callback queues the receipt, once', async () => {
    const { invoice, txid } = await openInvoice();
    const invoiceId = invoice._id.toHexString();
    // The payer pays; the callback never gets its answer.
    await payAtPsp(txid, false);
    const pix = psp.charges.get(txid)!.pix![0]!;
    // What the crash left: the invoice claimed PAID by the payment path, no receipt queued.
    expect(await t.app.invoicesRepository.claimPaid(invoice._id, new Date(pix.horario), t.clock.now(), pix.endToEndId)).not.toBeNull();
    expect(await t.app.mail.queued('payment-confirmed', invoiceId)).toBe(false);
    // The PSP had no 2xx and sends the callback again, and again.
    for (const attempt of [1, 2]) {
      const again = await t.call('POST', callbackUrl(), { body: { pix: [pix] } });
      expect({ attempt, status: again.status, results: again.body.results }).toEqual({ attempt, status: 200, results: [expect.objectContaining({ outcome: 'DUPLICATE', invoiceId })] });
    }
    const receipts = (await t.app.jobsRepository.listByType('email', 'PENDING', 1, 100)).data.filter((job) => job.key === `email:payment-confirmed:${invoiceId}`);
    expect(receipts).toHaveLength(1);
  });

  test('When a callback comes without the secret segment, then 401 and nothing is read or paid; a malformed one with it is refused (400)', async () => {
    const { invoice, txid } = await openInvoice();
    await payAtPsp(txid, false);
    const pix = psp.charges.get(txid)!.pix![0]!;
    const body = { pix: [pix] };
    for (const segment of ['x', '0'.repeat(40), t.app.config.pixWebhookSegment.slice(1) + '0']) {
      const forged = await t.call('POST', `/v1/webhooks/pix-api/${segment}/pix`, { body });
      expectErrorShape(forged, 401);
      expect(forged.body.message).toBe('Aviso de pagamento sem a credencial do PSP.');
    }
    const malformed = [{}, { pix: [] }, { pix: [{ ...pix, valor: '239.9' }] }, { pix: [{ ...pix, endToEndId: 'curto' }] }, { pix: [{ ...pix, horario: 'ontem' }] }];
    for (const candidate of malformed) {
      expect(schemaErrors(PixCallback, candidate)).not.toEqual([]);
      expectErrorShape(await t.call('POST', callbackUrl(), { body: candidate }), 400);
    }
    expect((await t.app.invoicesRepository.findById(invoice._id))!.status).toBe('PENDING');
  });

  test('When a callback claims an amount the PSP does not show, a charge still open or one we never made, then nothing is paid', async () => {
    const { invoice, txid, member } = await openInvoice();
    // A txid no invoice of ours has: named as unknown, nothing read or paid.
    const stranger = { endToEndId: `E99999999202603101200${'B'.repeat(11)}`, txid: 'x'.repeat(30), valor: '239.90', horario: '2026-03-10T12:00:00.000Z' };
    const unknown = await t.call('POST', callbackUrl(), { body: { pix: [stranger] } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.results).toEqual([expect.objectContaining({ txid: stranger.txid, outcome: 'UNKNOWN_CHARGE' })]);
    // Still open at the PSP: the callback's claim alone pays nothing.
    const claim = { endToEndId: `E99999999202603101200${'A'.repeat(11)}`, txid, valor: '239.90', horario: '2026-03-10T12:00:00.000Z' };
    const open = await t.call('POST', callbackUrl(), { body: { pix: [claim] } });
    expect(open.status).toBe(200);
    expect(open.body.results).toEqual([expect.objectContaining({ txid, outcome: 'NOT_CONFIRMED' })]);

    await payAtPsp(txid, false);
    const pix = psp.charges.get(txid)!.pix![0]!;
    const differs = await t.call('POST', callbackUrl(), { body: { pix: [{ ...pix, valor: '1.00' }] } });
    expect(differs.body.results).toEqual([expect.objectContaining({ outcome: 'NOT_CONFIRMED' })]);
    // The PSP's own record paid a different amount (e.g. R$ 1,00): neither the callback nor reconciliation pays it.
    psp.charges.get(txid)!.pix![0]!.valor = '1.00';
    const paidLess = await t.call('POST', callbackUrl(), { body: { pix: [psp.charges.get(txid)!.pix![0]] } });
    expect(paidLess.body.results).toEqual([expect.objectContaining({ outcome: 'NOT_CONFIRMED' })]);
    await t.app.reconciliation.run();
    expect((await t.app.invoicesRepository.findById(invoice._id))!.status).toBe('PENDING');
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: false, credits: { balance: 0 } });
  });

  test('When the same callback arrives ten times, then the cycle is paid once and its credits granted once', async () => {
    const { invoice, txid, member } = await openInvoice();
    await payAtPsp(txid, false);
    const body = { pix: psp.charges.get(txid)!.pix! };
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i += 1) outcomes.push((await t.call('POST', callbackUrl(), { body })).body.results[0].outcome as string);
    expect(outcomes).toEqual(['PAID', ...Array<string>(9).fill('DUPLICATE')]);
    expect((await t.app.invoicesRepository.findById(invoice._id))!.status).toBe('PAID');
    expect(await userDoc(t, member.id)).toMatchObject({ credits: { balance: t.plans.trimestral.creditsPerCycle } });
  });

  test('When five deliveries of the same callback arrive at once, then one pays and the others are duplicates', async () => {
    const { txid, member } = await openInvoice();
    await payAtPsp(txid, false);
    const body = { pix: psp.charges.get(txid)!.pix! };
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call('POST', callbackUrl(), { body })));
    const outcomes = answers.map((answer) => answer.body.results[0].outcome as string).sort();
    expect(outcomes).toEqual(['DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'PAID']);
    expect(await userDoc(t, member.id)).toMatchObject({ credits: { balance: t.plans.trimestral.creditsPerCycle } });
  });

  test('When the callback is lost, then the reconciliation reads the open charge at the PSP and pays the cycle', async () => {
    const { invoice, txid, member } = await openInvoice();
    await payAtPsp(txid, false);
    expect((await t.app.invoicesRepository.findById(invoice._id))!.status).toBe('PENDING');
    const report = await t.app.reconciliation.run();
    expect(report.pixPaymentsFound).toBe(1);
    expect((await t.app.invoicesRepository.findById(invoice._id))!).toMatchObject({ status: 'PAID', endToEndId: psp.charges.get(txid)!.pix![0]!.endToEndId });
    expect(await userDoc(t, member.id)).toMatchObject({ hasActiveSubscription: true });
    expect((await t.app.reconciliation.run()).pixPaymentsFound).toBe(0);
  });

  test('When the PSP is slower than the time limit, then the member gets 503 in Portuguese, nothing is created, and a retry works', async () => {
    const member = await createActor(t);
    psp.setDelay(2500);
    try {
      const slow = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
      expectErrorShape(slow, 503);
      expect(slow.body.message).toBe('Não foi possível gerar o PIX agora. Tente novamente em instantes.');
    } finally {
      psp.setDelay(0);
    }
    // Nothing half-created: no subscription was left open (the retry would be refused with 409).
    const retry = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
    expect(retry.status).toBe(201);
  });

  test('Every API Pix call is logged with its txid; no log line holds the client secret, a token or the callback segment', async () => {
    const { txid } = await openInvoice();
    const text = logLines.join('');
    expect(text).toContain(`"txid":"${txid}"`);
    expect(text).toContain('"call":"PUT /cob/');
    expect(text).not.toContain('clube-stand-in-secret');
    expect(text).not.toContain(t.app.config.pixWebhookSegment);
    expect(text).not.toMatch(/Bearer [0-9a-f]{20}/);
    expect(text).not.toContain('BEGIN');
  });
});

describe('API Pix client (mTLS, OAuth2, schemas)', () => {
  const credentials = (overrides = {}) => ({ baseUrl: psp.url, clientId: 'clube-stand-in', clientSecret: 'clube-stand-in-secret', certificate: pemCertificate(), ca: certificates().ca, ...overrides });
  const gatewayOf = (client: PixApiClient) => new PixApiGateway({ client, pixKey: t.app.config.pix.key, pixTtlMs: 3_600_000, now: () => new Date(), log: silentLog });

  test('With the PEM pair or the PKCS#12 bundle the call goes through; without a client certificate the PSP refuses the connection', async () => {
    const { txid } = await openInvoice();
    const pem = new PixApiClient(credentials(), silentLog);
    const pfx = new PixApiClient(credentials({ certificate: { pfx: certificates().clientPfx, passphrase: certificates().pfxPassphrase } }), silentLog);
    const none = new PixApiClient(credentials({ certificate: {} }), silentLog);
    try {
      expect(await gatewayOf(pem).readPixCharge(txid)).toMatchObject({ txid, status: 'OPEN', amountCents: 23990 });
      expect(await gatewayOf(pfx).readPixCharge(txid)).toMatchObject({ txid, status: 'OPEN' });
      await expect(gatewayOf(none).readPixCharge(txid)).rejects.toBeInstanceOf(PixApiUnavailableError);
    } finally {
      for (const client of [pem, pfx, none]) client.close();
    }
  });

  test('The token is cached per set of scopes; a token the PSP rejects is replaced once and the call succeeds', async () => {
    const { txid } = await openInvoice();
    const client = new PixApiClient(credentials(), silentLog);
    const gateway = gatewayOf(client);
    try {
      const start = psp.tokensIssued();
      await gateway.readPixCharge(txid);
      await gateway.readPixCharge(txid);
      expect(psp.tokensIssued() - start).toBe(1);
      await gateway.registerWebhook(`${t.url}/v1/webhooks/pix-api/${t.app.config.pixWebhookSegment}`);
      expect(psp.tokensIssued() - start).toBe(2);
      psp.revokeTokens();
      expect(await gateway.readPixCharge(txid)).toMatchObject({ status: 'OPEN' });
      expect(psp.tokensIssued() - start).toBe(3);
      // Wrong client secret: the PSP refuses the token, the call fails.
      const wrong = new PixApiClient(credentials({ clientSecret: 'outro' }), silentLog);
      await expect(gatewayOf(wrong).readPixCharge(txid)).rejects.toThrow('Credenciais da API Pix recusadas pelo PSP');
      wrong.close();
    } finally {
      client.close();
    }
  });

  test('A request body outside the API Pix schema never leaves; an answer outside it is refused', async () => {
    const client = new PixApiClient(credentials(), silentLog);
    const txid = `CLB${'f'.repeat(24)}`;
    try {
      const bad = { calendario: { expiracao: 3600 }, valor: { original: '10' }, chave: 'x' };
      expect(schemaErrors(CobRequest, bad)).not.toEqual([]);
      await expect(client.call({ method: 'PUT', path: `/cob/${txid}`, scopes: ['cob.write'], requestSchema: CobRequest, body: bad, responseSchema: CobRequest })).rejects.toThrow('fora do esquema da API Pix');
      expect(psp.charges.has(txid)).toBe(false);
      const good = { calendario: { expiracao: 3600 }, valor: { original: '10.00' }, chave: 'x' };
      expect(schemaErrors(CobRequest, good)).toEqual([]);

      const { txid: open } = await openInvoice();
      (psp.charges.get(open)!.valor as { original: string }).original = '239.9';
      await expect(gatewayOf(client).readPixCharge(open)).rejects.toThrow('resposta de GET /cob/');
      psp.charges.get(open)!.valor.original = '239.90';
    } finally {
      client.close();
    }
  });

  test('Cancelling removes the first charge and the renewed one at the PSP, so no payable QR is left', async () => {
    const { invoice, txid } = await openInvoice();
    const client = new PixApiClient(credentials(), silentLog);
    const gateway = gatewayOf(client);
    const renewed = await gateway.renewPix({
      invoiceId: invoice._id.toHexString(),
      externalId: invoice.externalId,
      kind: invoice.kind,
      customerId: 'c',
      amountCents: invoice.amountCents,
      dueDate: invoice.dueDate,
      paymentMethod: 'PIX',
      description: invoice.description,
    });
    expect(renewed.txid).not.toBe(txid);
    expect(psp.charges.get(renewed.txid)!.status).toBe('ATIVA');
    await gateway.cancelCharge(invoice.externalId, renewed.txid);
    expect(psp.charges.get(txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(psp.charges.get(renewed.txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    // Again: nothing left to remove, no error.
    await gateway.cancelCharge(invoice.externalId, renewed.txid);
    client.close();
  });

  test('Slower than the time limit: the call gives up with PixApiUnavailableError', async () => {
    const { txid } = await openInvoice();
    const client = new PixApiClient(credentials({ timeoutMs: 300 }), silentLog);
    psp.setDelay(1000);
    try {
      await expect(gatewayOf(client).readPixCharge(txid)).rejects.toThrow('não respondeu em 300 ms');
    } finally {
      psp.setDelay(0);
      client.close();
    }
  });
});
