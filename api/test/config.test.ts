import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, DEMO_COMPANY, loadConfig, parseCompany } from '../src/config';

describe('Production mode', () => {
  test('When NODE_ENV=production has no MONGODB_URI, then configuration refuses and says why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MONGODB_URI/);
  });

  test('When NODE_ENV=production has FIREBASE_AUTH_EMULATOR_HOST, then configuration refuses and says why', () => {
    const env = { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db:27017/clube', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(() => loadConfig(env)).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
  });

  test('When NODE_ENV=production has MONGODB_URI and no emulator, then those checks pass (never the embedded store); the bank\'s API Pix credentials are asked for next', () => {
    const env = { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db:27017/clube', DATA_DIR: '.data/db' };
    // Production's gateway is a bank's API Pix; without its credentials it refuses (see billing/config.test.ts).
    expect(() => loadConfig(env)).toThrow(/PAYMENT_GATEWAY=pix-api exige PIX_API_URL/);
    const config = loadConfig({ ...env, NODE_ENV: 'development' });
    expect(config.mongodbUri).toBe('mongodb://db:27017/clube');
    expect(config.dataDir).toBeUndefined();
  });

  test('When the server is started in production mode without MONGODB_URI, then it exits 1 with the reason', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'src', 'server.ts')], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', API_PORT: '0' },
      encoding: 'utf8',
      // tsx compiles the server on the way: slow on a loaded CI machine, so a generous limit (the answer is instant)
      timeout: 90_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('A API não foi iniciada');
    expect(result.stderr).toContain('MONGODB_URI');
  });
});

describe('Development defaults', () => {
  test('When nothing is set, then port 3000 on 127.0.0.1 (loopback), project demo-clube, the shell and remote origins, memory store', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', firebaseProjectId: 'demo-clube', mongodbDb: 'clube' });
    expect(config.dataDir).toBeUndefined();
    expect(config.corsOrigins).toEqual(expect.arrayContaining(['http://localhost:8080', 'http://127.0.0.1:8084']));
  });

  test('When CORS_ORIGINS, API_PORT and DATA_DIR are set, then they are used; a bad port is refused', () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example', API_PORT: '4000', DATA_DIR: '/tmp/x' });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.port).toBe(4000);
    expect(config.dataDir).toBe('/tmp/x');
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow(/API_PORT/);
  });
});

describe('Validation of the environment (env-schema)', () => {
  test('When RECONCILE_INTERVAL_MS=0, then it is accepted and means "only at start"; negative or text is refused', () => {
    expect(loadConfig({ RECONCILE_INTERVAL_MS: '0' }).reconcileIntervalMs).toBe(0);
    expect(loadConfig({}).reconcileIntervalMs).toBe(60_000);
    expect(loadConfig({ NODE_ENV: 'test' }).reconcileIntervalMs).toBe(0);
    expect(() => loadConfig({ RECONCILE_INTERVAL_MS: '-1' })).toThrow('RECONCILE_INTERVAL_MS inválido: "-1". Use um número inteiro de milissegundos, ou 0 para conciliar só na partida.');
  });

  test('When a value has the wrong type or is out of range, then ConfigError names the variable and what to use, in Portuguese', () => {
    expect(() => loadConfig({ API_PORT: '70000' })).toThrow('API_PORT inválido: "70000". Use um número entre 0 e 65535.');
    expect(() => loadConfig({ API_WRITE_RATE_LIMIT: '1.5' })).toThrow('API_WRITE_RATE_LIMIT inválido: "1.5". Use um número inteiro positivo.');
    expect(() => loadConfig({ NODE_ENV: 'prod' })).toThrow('NODE_ENV inválido: "prod". Use development, test ou production.');
    expect(() => loadConfig({ LOG_LEVEL: 'alto' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow('STORAGE_DRIVER inválido: "ftp". Use local ou s3.');
    expect(() => loadConfig({ REDIS_URL: 'redis.interno:6379' })).toThrow(
      'REDIS_URL inválido: "redis.interno:6379". Use uma URL redis:// ou rediss:// (ex.: redis://:senha@redis.interno:6379/0).',
    );
    expect(loadConfig({ REDIS_URL: 'rediss://redis.interno:6380' }).redisUrl).toBe('rediss://redis.interno:6380');
    expect(loadConfig({}).redisUrl).toBeUndefined();
  });

  test('When variables are blank or unknown, then defaults apply and nothing else is read', () => {
    const config = loadConfig({ API_PORT: '  ', MONGODB_DB: '', SOMETHING_ELSE: 'x', API_WRITE_RATE_LIMIT: ' 7 ' });
    expect(config).toMatchObject({ port: 3000, mongodbDb: 'clube', rateLimit: { max: 7, timeWindowMs: 60_000 } });
  });
});

describe('The company that sells (COMPANY_*)', () => {
  const full = { COMPANY_NAME: 'Clube Lab Ltda.', COMPANY_CNPJ: '12.345.678/0001-95', COMPANY_ADDRESS: 'Rua A, 1, São Paulo - SP', COMPANY_EMAIL: 'contato@clube.com.br' };

  test('When production lacks any of the company variables, then it refuses and names them', () => {
    expect(() => parseCompany({ COMPANY_NAME: 'Clube Lab Ltda.' }, 'production')).toThrow(
      'Modo produção (NODE_ENV=production) exige COMPANY_CNPJ, COMPANY_ADDRESS ou COMPANY_EMAIL: o rodapé, os termos e os recibos precisam dizer quem vende (Decreto 7.962/2013).',
    );
  });

  test('When they are all given, then the CNPJ is kept without punctuation and the phone is optional', () => {
    expect(parseCompany(full, 'production')).toEqual({ name: 'Clube Lab Ltda.', cnpj: '12345678000195', address: 'Rua A, 1, São Paulo - SP', email: 'contato@clube.com.br', phone: null });
    expect(loadConfig({ ...full, COMPANY_PHONE: '(11) 3000-0000' }).company.phone).toBe('(11) 3000-0000');
  });

  test('When development sets none, then the demonstration company is shown', () => {
    expect(loadConfig({}).company).toEqual(DEMO_COMPANY);
  });

  test('When the CNPJ or the e-mail cannot be one, then configuration refuses and says what to use', () => {
    expect(() => loadConfig({ COMPANY_CNPJ: '123' })).toThrow('COMPANY_CNPJ inválido: "123". Use os 14 caracteres do CNPJ, com ou sem pontuação.');
    expect(() => loadConfig({ COMPANY_EMAIL: 'contato' })).toThrow(ConfigError);
  });
});

describe('Where the API listens (#26 item 8)', () => {
  test('When no HOST is given in development or test, then the API binds to loopback only; HOST or API_HOST opens it', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0', API_HOST: '192.168.0.10' }).host).toBe('192.168.0.10');
  });
});
