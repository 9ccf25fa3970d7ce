// Serves one frontend build from its own origin, as a separate deployment would: CORS on, entry
// files never cached (so a redeploy is picked up on the next page load), hashed chunks cached forever.
// CommonJS so both the ESM scripts and the Jest browser suite can use it.
const http = require('node:http');
const path = require('node:path');
const sirv = require('sirv');
const { FRONTENDS, REMOTES, ROOT, portOf } = require('./frontends.cjs');

const HASHED = /\.[0-9a-f]{8}\.js$/;

/**
 * @param {{ dir: string, port: number, spa?: boolean, host?: string, files?: Record<string, unknown> }} options
 *   files: JSON documents served instead of the build's own (the shell's per-environment
 *   /config.json and /remotes.json).
 * @returns {Promise<{ url: string, server: http.Server, close: () => Promise<void> }>}
 */
async function serveStatic({ dir, port, spa = false, host = '0.0.0.0', files = {} }) {
  const assets = sirv(dir, {
    dev: true, // re-read files on every request: a rebuilt remote is served without a restart
    single: spa,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cache-Control', HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' });
      res.end();
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (Object.hasOwn(files, pathname)) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify(files[pathname], null, 2));
      return;
    }
    assets(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
      res.end('Não encontrado');
    });
  });
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://localhost:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The shell's run-time manifest: where each remote's entry lives in this environment. */
function remoteManifest(env = process.env) {
  const host = env.REMOTES_HOST ?? 'http://localhost';
  return Object.fromEntries(REMOTES.map((name) => [name, `${host}:${portOf(name, env)}/remoteEntry.js`]));
}

/** The shell's run-time config for this environment (API origin, Firebase, analytics keys). */
function runtimeConfig(env = process.env) {
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST;
  return {
    apiUrl: env.PUBLIC_API_URL ?? `http://localhost:${env.API_PORT ?? 3000}`,
    brasilApiUrl: env.BRASIL_API_URL ?? 'https://brasilapi.com.br/api',
    firebase: {
      apiKey: env.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID ?? 'demo-clube'}.firebaseapp.com`,
      projectId: env.FIREBASE_PROJECT_ID ?? 'demo-clube',
      authEmulatorUrl: emulator ? `http://${emulator}` : null,
    },
    posthog: env.POSTHOG_KEY ? { key: env.POSTHOG_KEY, host: env.POSTHOG_HOST ?? 'https://us.i.posthog.com' } : null,
    gtmId: env.GTM_ID ?? null,
  };
}

/**
 * Serves a frontend's dist/ on its port. The shell gets SPA fallback and its /config.json and
 * /remotes.json generated from the environment, so one build runs anywhere.
 */
function serveFrontend(name, env = process.env) {
  const { dir } = FRONTENDS[name];
  const isShell = name === 'shell';
  return serveStatic({
    dir: path.join(ROOT, dir, 'dist'),
    port: portOf(name, env),
    spa: isShell,
    files: isShell ? { '/config.json': runtimeConfig(env), '/remotes.json': remoteManifest(env) } : {},
  });
}

module.exports = { serveStatic, serveFrontend, remoteManifest, runtimeConfig };

// CLI: `node scripts/serve-static.cjs <shell|remote-auth|…>` serves that package's dist/.
if (require.main === module) {
  const arg = process.argv[2] ?? 'shell';
  const name = Object.keys(FRONTENDS).find((key) => key === arg || FRONTENDS[key].dir === arg);
  if (!name) {
    console.error(`Frontend desconhecido: ${arg}`);
    process.exit(1);
  }
  serveFrontend(name).then(({ url }) => console.log(`${name}: ${url}`));
}
