/**
 * `npm run build -w api` then `npm run start -w api`: production runs the build's JavaScript, not
 * tsx. The build is made into its own folder here, started with the plain Node on the PATH (which
 * need not strip types: the workspace package @clube/documents is built beside it), and answers as
 * the source does: the legal texts read from beside the code, Portuguese errors, a member's CPF rule.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const API_DIR = path.join(__dirname, '..');
const OUT_DIR = path.join('.tmp', `production-build-${process.pid}`);

let server: ChildProcess | undefined;
let base = '';

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', OUT_DIR], { cwd: API_DIR, encoding: 'utf8', timeout: 120_000 });
  expect(built.stderr).toBe('');
  expect(built.stdout).toContain('API compilada');
  expect(built.stdout).toContain('@clube/documents');

  server = spawn(process.execPath, ['--enable-source-maps', path.join(API_DIR, OUT_DIR, 'src', 'server.js')], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      API_PORT: '0',
      DATA_DIR: 'memory',
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-clube',
      // Only the test's own Node: no type stripping, no tsx loader.
      NODE_OPTIONS: '--no-experimental-strip-types',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  base = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /API do Clube em (http:\/\/\S+\/v1)/.exec(output);
      if (match) resolve(match[1]!);
    };
    server!.stdout!.on('data', onData);
    server!.stderr!.on('data', onData);
    server!.on('exit', (code) => reject(new Error(`a API compilada terminou (código ${code}) antes de ouvir:\n${output}`)));
  });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(path.join(API_DIR, OUT_DIR), { recursive: true, force: true });
});

describe('The API as production runs it (the build, plain Node)', () => {
  test('When a visitor reads the terms of use, then the text the build copied beside the code is served', async () => {
    const response = await fetch(`${base}/legal/termos-de-uso`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { title: string; body: string };
    expect(body.title).toMatch(/Termos de uso/i);
    expect(body.body.length).toBeGreaterThan(200);
  });

  test('When a page asks for a route that does not exist, then a 404 with a Portuguese message and the security headers', async () => {
    const response = await fetch(`${base}/nao-existe`);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/não/i);
  });

  test('When the company details are read, then the CNPJ is formatted by the built @clube/documents', async () => {
    const response = await fetch(`${base}/legal`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { company: { cnpj: string } };
    expect(body.company.cnpj).toMatch(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/);
  });
});
