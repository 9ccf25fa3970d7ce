const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { serveFrontend, serveStatic } = require('../serve-static.cjs');
const { FRONTENDS } = require('../frontends.cjs');

/**
 * #26 item 1: the shell's pages could be framed by any site (clickjacking "Cancelar" on
 * /assinatura). The static server now sends a Content-Security-Policy and the other headers.
 */
const PORT = 20_720;
const TEMPLATE = '<!doctype html><html><head><title>Clube</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>';

const directives = (csp) => Object.fromEntries(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe('Security headers of the static server', () => {
  let base;
  let dir;
  let shell;
  let remote;
  const env = { PORT: String(PORT), REMOTE_AUTH_PORT: String(PORT + 1), API_PORT: String(PORT + 2), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'clube-csp-'));
    dir = path.join(base, 'dist');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(dir, 'main.js'), 'console.log(1)');
    // serveFrontend reads <shell>/dist: point it at the temporary folder for this test.
    jest.replaceProperty(FRONTENDS.shell, 'dir', path.relative(path.join(__dirname, '..', '..'), base));
    shell = await serveFrontend('shell', env);
    remote = await serveStatic({ dir, port: PORT + 1 });
  });
  afterAll(async () => {
    await shell?.close();
    await remote?.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  test('When a shell page is served, then it carries a CSP (frame-ancestors none, remotes and Firebase allowed, the inline script by hash, no unsafe-inline script) and the other headers', async () => {
    for (const pathname of ['/', '/assinatura', '/autenticacao/login']) {
      const response = await fetch(`http://127.0.0.1:${PORT}${pathname}`);
      const html = await response.text();
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['script-src']).toContain(`http://localhost:${PORT + 1}`);
      const inline = /<script>([\s\S]*?)<\/script>/.exec(html)[1];
      expect(inline).toMatch(/^window\.__CLUBE__=/);
      expect(csp['script-src']).toContain(`'sha256-${crypto.createHash('sha256').update(inline).digest('base64')}'`);
      expect(csp['connect-src']).toEqual(expect.arrayContaining([`http://localhost:${PORT + 2}`, 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'http://127.0.0.1:9099']));
    }
  });

  test('When no Auth emulator is configured (production), then the CSP does not allow it', async () => {
    const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, ...production } = env;
    const served = await serveFrontend('shell', { ...production, PORT: String(PORT + 3) });
    try {
      const csp = (await fetch(`http://127.0.0.1:${PORT + 3}/`)).headers.get('content-security-policy');
      expect(csp).toContain('https://identitytoolkit.googleapis.com');
      expect(csp).not.toContain('9099');
    } finally {
      await served.close();
    }
  });

  test('When any other file or page is served, then it is nosniff and its pages refuse framing', async () => {
    const script = await fetch(`http://127.0.0.1:${PORT + 1}/main.js`);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await fetch(`http://127.0.0.1:${PORT + 1}/`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });
});
