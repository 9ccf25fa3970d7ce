import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { ensureStandInCertificates } from '../../src/plugins/payment-gateway/stand-in/certificates';
import { testConfig } from '../helpers/test-config';

const production = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://db:27017/clube',
  FILE_URL_SECRET: 'f'.repeat(40),
  WEBHOOK_SECRET: 'w'.repeat(40),
  SMTP_URL: 'smtp://smtp.exemplo.com:587',
  COMPANY_NAME: 'Clube Ltda.',
  COMPANY_CNPJ: '12345678000195',
  COMPANY_ADDRESS: 'Rua A, 1, São Paulo - SP',
  COMPANY_EMAIL: 'contato@clube.com.br',
};

describe('Billing configuration', () => {
  test('When NODE_ENV=production would use the sandbox or the stand-in PSP, then configuration refuses and says why', () => {
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'sandbox' })).toThrow(/gateway de pagamento sandbox \(PAYMENT_GATEWAY=sandbox\)/);
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'pix-api-stand-in' })).toThrow(/não aceita o PSP substituto \(PAYMENT_GATEWAY=pix-api-stand-in\)/);
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'pagseguro' })).toThrow(/PAYMENT_GATEWAY inválido/);
  });

  test('When PAYMENT_GATEWAY=pix-api (production\'s default) lacks credentials, then the start stops naming each missing or unreadable one', () => {
    let message = '';
    try {
      loadConfig(production);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['PIX_API_URL', 'PIX_API_CLIENT_ID', 'PIX_API_CLIENT_SECRET', 'PIX_API_CERT (ou PIX_API_PFX)', 'PIX_API_KEY (ou PIX_API_PFX)', 'PIX_KEY', 'PUBLIC_API_URL']) {
      expect(message).toContain(name);
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'clube-pix-config-'));
    try {
      const files = ensureStandInCertificates(dir).files;
      const complete = {
        ...production,
        PIX_API_URL: 'https://pix.banco.com.br/api/v2/',
        PIX_API_CLIENT_ID: 'id',
        PIX_API_CLIENT_SECRET: 'segredo',
        PIX_API_CERT: files.clientCert,
        PIX_API_KEY: files.clientKey,
        PIX_KEY: '12345678000195',
        PUBLIC_API_URL: 'https://api.clube.com.br',
      };
      const config = loadConfig(complete);
      expect(config.paymentGateway).toBe('pix-api');
      expect(config.pixApi).toMatchObject({ url: 'https://pix.banco.com.br/api/v2', certFile: files.clientCert, keyFile: files.clientKey, timeoutMs: 10_000 });
      expect(config.pixApi!.webhookUrl).toBe(`https://api.clube.com.br/v1/webhooks/pix-api/${config.pixWebhookSegment}`);
      expect(config.pixWebhookSegment).toMatch(/^[0-9a-f]{40}$/);
      // PKCS#12 instead of the PEM pair.
      const { PIX_API_CERT: _cert, PIX_API_KEY: _key, ...withoutPem } = complete;
      expect(loadConfig({ ...withoutPem, PIX_API_PFX: files.clientPfx, PIX_API_PFX_PASSPHRASE: 'x' }).pixApi).toMatchObject({ pfxFile: files.clientPfx, certFile: undefined });
      expect(() => loadConfig({ ...complete, PIX_API_KEY: path.join(dir, 'nao-existe.pem') })).toThrow(/PIX_API_KEY aponta para um arquivo que não existe ou não pode ser lido/);
      expect(() => loadConfig({ ...complete, PIX_API_URL: 'http://pix.banco.com.br' })).toThrow(/PIX_API_URL/);
      expect(() => loadConfig({ ...complete, PIX_API_TIMEOUT_MS: '30000' })).toThrow(/PIX_API_TIMEOUT_MS/);
      // Pix Automático needs the club's account at the bank (where the debits are credited).
      expect(config.pixApi!.receiverAccount).toBeUndefined();
      expect(loadConfig({ ...complete, PIX_API_ACCOUNT: '0001/1234567/CORRENTE' }).pixApi!.receiverAccount).toEqual({ agencia: '0001', conta: '1234567', tipoConta: 'CORRENTE' });
      expect(loadConfig({ ...complete, PIX_API_ACCOUNT: '98765/PAGAMENTO' }).pixApi!.receiverAccount).toEqual({ conta: '98765', tipoConta: 'PAGAMENTO' });
      expect(() => loadConfig({ ...complete, PIX_API_ACCOUNT: '0001/1234567' })).toThrow(/PIX_API_ACCOUNT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('When a hand-built production config reaches the app with the sandbox, then the app refuses to start', async () => {
    const app = await buildApp({ config: testConfig({ nodeEnv: 'production' }), logger: false }).catch((error: Error) => error);
    const failure = app instanceof Error ? app : await app.ready().then(() => null, (error: Error) => error);
    expect(failure?.message).toMatch(/sandbox/);
    if (!(app instanceof Error)) await app.close().catch(() => undefined);
  });

  test('When nothing is set, then the stand-in PSP (tests: the sandbox), a development webhook secret and the PIX receiver defaults are used', () => {
    const config = loadConfig({});
    expect(loadConfig({ NODE_ENV: 'test' }).paymentGateway).toBe('sandbox');
    expect(config).toMatchObject({
      paymentGateway: 'pix-api-stand-in',
      pixStandIn: { port: 0 },
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
