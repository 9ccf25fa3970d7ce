import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { testConfig } from '../helpers/test-config';

describe('Billing configuration', () => {
  test('When NODE_ENV=production would use the sandbox gateway, then configuration refuses and says why', () => {
    const env = { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db:27017/clube', FILE_URL_SECRET: 'f'.repeat(40), WEBHOOK_SECRET: 'w'.repeat(40) };
    expect(() => loadConfig(env)).toThrow(/gateway de pagamento sandbox/);
    expect(() => loadConfig({ ...env, PAYMENT_GATEWAY: 'sandbox' })).toThrow(/PAYMENT_GATEWAY=sandbox/);
    expect(() => loadConfig({ ...env, PAYMENT_GATEWAY: 'pagseguro' })).toThrow(/PAYMENT_GATEWAY inválido/);
  });

  test('When a hand-built production config reaches the app with the sandbox, then the app refuses to start', async () => {
    const app = await buildApp({ config: testConfig({ nodeEnv: 'production' }), logger: false }).catch((error: Error) => error);
    const failure = app instanceof Error ? app : await app.ready().then(() => null, (error: Error) => error);
    expect(failure?.message).toMatch(/sandbox/);
    if (!(app instanceof Error)) await app.close().catch(() => undefined);
  });

  test('When nothing is set, then the sandbox, a development webhook secret and the PIX receiver defaults are used', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      paymentGateway: 'sandbox',
      pix: { key: 'pix@clube.local', merchantName: 'Clube', merchantCity: 'Sao Paulo' },
      reconcileIntervalMs: 60_000,
    });
    expect(config.webhookSecret.length).toBeGreaterThan(10);
    const custom = loadConfig({ PIX_KEY: '12345678000195', PIX_MERCHANT_NAME: 'Clube Lab', PIX_MERCHANT_CITY: 'Campinas', WEBHOOK_SECRET: 's3cr3t', RECONCILE_INTERVAL_MS: '5000' });
    expect(custom).toMatchObject({ pix: { key: '12345678000195', merchantName: 'Clube Lab', merchantCity: 'Campinas' }, webhookSecret: 's3cr3t', reconcileIntervalMs: 5000 });
    expect(() => loadConfig({ RECONCILE_INTERVAL_MS: 'sempre' })).toThrow(/RECONCILE_INTERVAL_MS/);
    expect(loadConfig({ NODE_ENV: 'test' }).reconcileIntervalMs).toBe(0);
  });
});
