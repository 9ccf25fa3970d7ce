import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig, REPO_ROOT, SHARED_STAND_IN_DIR } from '../../src/config';
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
  test('When NODE_ENV=production would use the stand-in PSP, then configuration refuses naming it; the old sandbox gateway is gone everywhere', () => {
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'pix-api-stand-in' })).toThrow(/não aceita o PSP substituto \(PAYMENT_GATEWAY=pix-api-stand-in\)/);
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'pagseguro' })).toThrow(/PAYMENT_GATEWAY inválido/);
    for (const env of [production, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
      expect(() => loadConfig({ ...env, PAYMENT_GATEWAY: 'sandbox' })).toThrow('PAYMENT_GATEWAY inválido: "sandbox". Adaptadores disponíveis: pix-api, pix-api-stand-in.');
    }
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

  test('When a hand-built production config reaches the app with the stand-in PSP, then the app refuses to start naming it', async () => {
    const app = await buildApp({ config: testConfig({ nodeEnv: 'production' }), logger: false }).catch((error: Error) => error);
    const failure = app instanceof Error ? app : await app.ready().then(() => null, (error: Error) => error);
    expect(failure?.message).toMatch(/PSP substituto \(pix-api-stand-in\)/);
    if (!(app instanceof Error)) await app.close().catch(() => undefined);
  });

  test('When nothing is set, then the stand-in PSP (development and tests alike), a callback segment from the development WEBHOOK_SECRET and the PIX receiver defaults are used', () => {
    const config = loadConfig({});
    // Tests: the same stand-in, its certificates made once in a temporary folder every test app shares.
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ paymentGateway: 'pix-api-stand-in', pixStandIn: { port: 0, dir: SHARED_STAND_IN_DIR } });
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '.data/db' }).pixStandIn.dir).toBe(path.join(REPO_ROOT, '.data', 'pix-stand-in'));
    expect(config).toMatchObject({
      paymentGateway: 'pix-api-stand-in',
      pixStandIn: { port: 0 },
      pix: { key: 'pix@clube.local', merchantName: 'Clube', merchantCity: 'Sao Paulo' },
      reconcileIntervalMs: 60_000,
    });
    expect(config.pixWebhookSegment).toMatch(/^[0-9a-f]{40}$/);
    const custom = loadConfig({ PIX_KEY: '12345678000195', PIX_MERCHANT_NAME: 'Clube Lab', PIX_MERCHANT_CITY: 'Campinas', WEBHOOK_SECRET: 's3cr3t', RECONCILE_INTERVAL_MS: '5000' });
    expect(custom).toMatchObject({ pix: { key: '12345678000195', merchantName: 'Clube Lab', merchantCity: 'Campinas' }, reconcileIntervalMs: 5000 });
    // Another WEBHOOK_SECRET, another callback URL: the segment cannot be guessed from the code.
    expect(custom.pixWebhookSegment).toMatch(/^[0-9a-f]{40}$/);
    expect(custom.pixWebhookSegment).not.toBe(config.pixWebhookSegment);
    expect(loadConfig({ WEBHOOK_SECRET: 's3cr3t' }).pixWebhookSegment).toBe(custom.pixWebhookSegment);
    expect(() => loadConfig({ RECONCILE_INTERVAL_MS: 'sempre' })).toThrow(/RECONCILE_INTERVAL_MS/);
    expect(loadConfig({ NODE_ENV: 'test' }).reconcileIntervalMs).toBe(0);
  });
  test('When several processes start the stand-in at once on a folder without certificates, then one set is made and every process reads that same set', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'clube-pix-race-'));
    const dir = path.join(parent, 'pix-stand-in');
    const module = path.join(__dirname, '..', '..', 'src', 'plugins', 'payment-gateway', 'stand-in', 'certificates.ts');
    // Each child prints the CA it ended up with (what Jest workers or the FerretDB pass would do).
    const script = `const { ensureStandInCertificates } = require(${JSON.stringify(module)}); process.stdout.write(ensureStandInCertificates(${JSON.stringify(dir)}).ca.toString('base64'));`;
    const run = () =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.on('exit', (code) => resolve({ code, out, err }));
      });
    try {
      const results = await Promise.all([run(), run(), run()]);
      for (const result of results) expect(result).toMatchObject({ code: 0, err: '' });
      const cas = new Set(results.map((result) => result.out));
      expect(cas.size).toBe(1);
      expect(ensureStandInCertificates(dir).ca.toString('base64')).toBe([...cas][0]);
      // No draft folder left behind, whoever won.
      expect(readdirSync(parent)).toEqual(['pix-stand-in']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
