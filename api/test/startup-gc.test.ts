/**
 * server.ts collects the garbage that compiling the routes leaves before it serves
 * (src/startup-gc.ts): until then, every empty object that gets a property (Fastify's reply headers,
 * Node's request headers: twice per request) builds hidden classes of its own. Checked in a Node of
 * its own with V8's natives syntax (two such objects share one hidden class, or not), on the app
 * the server builds: saturated once it is ready, as the server's first requests found it, and not
 * after the collection.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const API_DIR = path.join(__dirname, '..');

const PROBE = `
const sharesHiddenClass = (key) => { const a = {}, b = {}; a[key] = 1; b[key] = 1; return %HaveSameMap(a, b); };
const { buildApp } = require('./src/app.ts');
const { testConfig } = require('./test/helpers/test-config.ts');
const { collectStartupGarbage } = require('./src/startup-gc.ts');
(async () => {
  const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), logger: false });
  await app.ready();
  const ready = sharesHiddenClass('first-property-once-ready');
  collectStartupGarbage();
  const collected = sharesHiddenClass('first-property-after-collection');
  await app.close();
  process.stdout.write(JSON.stringify({ ready, collected }));
})();
`;

test('once the app is ready, objects that start empty share hidden classes only after the startup collection', () => {
  const probe = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '-e', PROBE], {
    cwd: API_DIR,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NODE_ENV: 'test' },
  });
  expect(probe.status).toBe(0);
  expect(JSON.parse(probe.stdout)).toEqual({ ready: false, collected: true });
}, 150_000);
