const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { serveStatic } = require('../serve-static.cjs');
const { FRONTENDS } = require('../../webpack.shared');

/**
 * #26 item 8: with the Auth emulator the API accepts unsigned tokens, so a development server
 * open to the network makes anyone on it an admin. Every one binds to 127.0.0.1 unless HOST says otherwise.
 */
const ROOT = path.join(__dirname, '..', '..');
const PORT = 20_710;

function devServerOf(configFile) {
  const config = require(configFile)({}, { mode: 'development' });
  return config.devServer;
}

const CONFIG_FILES = [
  ...Object.values(FRONTENDS).map((frontend) => path.join(ROOT, frontend.dir, 'webpack.config.js')),
  path.join(ROOT, 'packages', 'kit', 'webpack.config.js'),
];

describe('Development servers listen on loopback', () => {
  const savedHost = process.env.HOST;
  afterEach(() => {
    if (savedHost === undefined) delete process.env.HOST;
    else process.env.HOST = savedHost;
  });

  test('When a webpack dev server (shell, remotes with their harness, kit gallery) starts without HOST, then it binds 127.0.0.1; HOST changes it', () => {
    delete process.env.HOST;
    for (const file of CONFIG_FILES) expect([path.relative(ROOT, file), devServerOf(file).host]).toEqual([path.relative(ROOT, file), '127.0.0.1']);
    process.env.HOST = '0.0.0.0';
    for (const file of CONFIG_FILES) expect(devServerOf(file).host).toBe('0.0.0.0');
  });

  test('When the static server (npm start) starts without HOST, then only loopback can reach it', async () => {
    delete process.env.HOST;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clube-hosts-'));
    const served = await serveStatic({ dir, port: PORT });
    try {
      expect(served.server.address().address).toBe('127.0.0.1');
    } finally {
      await served.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
