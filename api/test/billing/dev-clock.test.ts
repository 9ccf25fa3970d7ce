import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { ensureStandInCertificates } from '../../src/plugins/payment-gateway/stand-in/certificates';
import { createActor, createActors, type Actors } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { testConfig } from '../helpers/test-config';

let t: BillingTestApp;
let actors: Actors;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  actors = await createActors(t);
});

afterAll(async () => {
  await t.close();
});

describe('Development clock (one route: GET / POST / DELETE /v1/dev/clock)', () => {
  test('When the admin moves the clock 25 days forward, then the renewal is issued at once and, unpaid, goes overdue after its due date', async () => {
    const member = await createActor(t);
    const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } })).body;
    const pix = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token });
    expect((await t.call('POST', `/v1/sandbox/invoices/${pix.body.invoiceId}/pay`, { token: member.token })).status).toBe(200);

    const month = await t.call('POST', '/v1/dev/clock', { token: actors.admin.token, body: { dias: 25 } });
    expect(month.status).toBe(200);
    expect(month.body.now).toBe('2026-04-04T12:00:00.000Z');
    expect(month.body.reconciliation).toMatchObject({ renewalsIssued: 1, invoicesOverdue: 0 });
    const renewal = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token });
    expect(renewal.status).toBe(200);
    expect(renewal.body.invoiceId).not.toBe(pix.body.invoiceId);

    const later = await t.call('POST', '/v1/dev/clock', { token: actors.admin.token, body: { dias: 10 } });
    expect(later.body.reconciliation).toMatchObject({ invoicesOverdue: 1, subscriptionsPaused: 1 });
    expect((await t.call('GET', `/v1/subscriptions/${sub._id}`, { token: member.token })).body).toMatchObject({ status: 'PAUSED' });
    expect(t.app.clock.now().toISOString()).toBe('2026-04-14T12:00:00.000Z');
  });

  test('GET says how far ahead the clock is; DELETE puts it back to the real clock (what a browser test of an expiring qualification does)', async () => {
    await t.call('POST', '/v1/dev/clock', { token: actors.admin.token, body: { dias: 3 } });
    const read = await t.call('GET', '/v1/dev/clock', { token: actors.admin.token });
    expect(read.status).toBe(200);
    expect(read.body.now).toBe(t.app.clock.now().toISOString());
    expect(read.body.offsetDays).toBeGreaterThanOrEqual(3);
    for (const method of ['GET', 'DELETE'] as const) expectErrorShape(await t.call(method, '/v1/dev/clock', { token: actors.member.token }), 403);
    const back = await t.call('DELETE', '/v1/dev/clock', { token: actors.admin.token });
    expect(back.body).toEqual({ now: t.clock.now().toISOString(), offsetDays: 0 });
    expect(t.app.clock.now().toISOString()).toBe(t.clock.now().toISOString());
  });

  test('When a member calls it, or the days are not a whole number from 0 to 400, then it is refused and the clock stays', async () => {
    const before = t.app.clock.now().toISOString();
    expectErrorShape(await t.call('POST', '/v1/dev/clock', { token: actors.member.token, body: { dias: 1 } }), 403);
    for (const dias of [-1, 401, 1.5, '2']) expectErrorShape(await t.call('POST', '/v1/dev/clock', { token: actors.admin.token, body: { dias } }), 400);
    expect(t.app.clock.now().toISOString()).toBe(before);
  });

  test('In production (a bank\'s API Pix) neither the clock route nor the pay button exists, and the clock cannot move', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clube-dev-clock-'));
    const files = ensureStandInCertificates(dir).files;
    const app = await buildApp({
      config: testConfig({
        nodeEnv: 'production',
        paymentGateway: 'pix-api',
        pixApi: {
          url: 'https://127.0.0.1:1',
          tokenUrl: undefined,
          clientId: 'id',
          clientSecret: 'segredo',
          certFile: files.clientCert,
          keyFile: files.clientKey,
          pfxFile: undefined,
          pfxPassphrase: undefined,
          caFile: files.ca,
          webhookUrl: 'https://api.clube.exemplo/v1/webhooks/pix-api/x',
          timeoutMs: 1000,
        },
      }),
      logger: false,
    });
    try {
      await app.ready();
      expect(app.clock.advance).toBeUndefined();
      expect(app.paymentGateway.name).toBe('pix-api');
      for (const method of ['GET', 'POST', 'DELETE'] as const) expect((await app.inject({ method, url: '/v1/dev/clock', payload: method === 'POST' ? { dias: 1 } : undefined })).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: `/v1/sandbox/invoices/${'a'.repeat(24)}/pay` })).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
